import { redirect } from 'react-router'
import type { Route } from './+types/pdf'
import { db } from '~/db/db.server'
import { pdfDownload } from '~/features/documents/typst.server'
import { requireSharedPack } from '~/features/privacy/shared-pack.server'

/** /family/{token}/pack.pdf: the pack's PDF, only while its link is open and this browser gave the password; otherwise the link's page says why. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const pack = await requireSharedPack(request, params.token)
  if (pack.state !== 'open' || pack.locked) return redirect(`/family/${params.token}`)
  const row = await db.selectFrom('family_packs').select('pdf').where('id', '=', pack.id).executeTakeFirstOrThrow()
  return pdfDownload(row.pdf, `family-${pack.from}_${pack.to}`)
}
