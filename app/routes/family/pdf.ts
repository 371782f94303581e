import { redirect } from 'react-router'
import type { Route } from './+types/pdf'
import { db } from '~/db/db.server'
import { pdfDownload } from '~/features/documents/typst.server'
import { requireSharedPack } from '~/features/privacy/shared-pack.server'
import { packPdf } from '~/features/privacy/family-pack.server'

/** /family/{token}/pack.pdf: the pack's PDF, only while its link is open and this browser gave the password; otherwise the link's page says why. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const pack = await requireSharedPack(request, params.token)
  if (pack.state !== 'open' || pack.locked) return redirect(`/family/${params.token}`)
  return pdfDownload(await packPdf(db, pack.id), `family-${pack.from}_${pack.to}`)
}
