import { env } from '~/env.server'
import type { Route } from './+types/invitation'
import { requireUser } from '~/auth/guards.server'
import { db } from '~/db/db.server'
import { requireJournal } from '~/features/journals/access.server'
import { teacherCodeOf } from '~/features/journals/info.server'
import { invitationDocx, invitationFileName, invitationLink } from '~/features/journals/invitation.server'
import { getInstance, getLocale } from '~/i18n/middleware.server'

/** The teacher invitation as a .docx in the owner's language (journal info, share-code tab). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { user } = await requireUser(request, context)
  const { journal } = await requireJournal(db, params.id, user.userId, { ownerOnly: true })
  const t = getInstance(context).t
  const code = await teacherCodeOf(db, journal.id)
  const file = await invitationDocx(t, getLocale(context), {
    owner: user.userName,
    journal: journal.name,
    code,
    link: invitationLink(env.PUBLIC_ORIGIN, code),
  })
  const name = invitationFileName(t, journal.name)
  return new Response(new Uint8Array(file), {
    headers: {
      'Content-Type': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      // An ASCII fallback and the real (translated) name for every browser (RFC 6266).
      'Content-Disposition': `attachment; filename="invitation.docx"; filename*=UTF-8''${encodeURIComponent(name)}`,
      'Cache-Control': 'private, no-store',
    },
  })
}
