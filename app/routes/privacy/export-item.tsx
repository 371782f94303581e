import { data } from 'react-router'
import type { Route } from './+types/export-item'
import { requireUser } from '~/auth/guards.server'
import { db } from '~/db/db.server'
import { parseId } from '~/shared/lists'
import { exportFile } from '~/features/privacy/export.server'
import { studentDataRights } from '~/features/privacy/rights.server'
import { EXPORTS_DIR } from '~/features/privacy/runner.server'
import { PRIVACY_HANDLE, privacyDictionary } from '~/i18n/client-resources'
import { getInstance } from '~/i18n/middleware.server'
import { useT } from '~/i18n/use-t'
import { FastLink } from '~/ui/fast-link'
import { MessagePage } from '~/ui/message-page'
import { pageMeta } from '~/ui/page-title'

export const handle = PRIVACY_HANDLE
export const clientMiddleware = privacyDictionary
export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(loaderData?.title, matches)

// Closed: the student's erasure waits or their account is locked (rule 12), until an undo.
const STATUS = { missing: 404, expired: 410, running: 409, failed: 409, closed: 404 } as const

/**
 * /diary/homework/{id}/student/{sid}/export/{exportId}: one export's link (decision 0047). A link after
 * its seven days, of another student or journal, still being made or failed, is refused with a
 * page that says which; nothing is sent. Another team's is refused before (403).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { user } = await requireUser(request, context)
  const rights = await studentDataRights(db, params.id, params.sid, user.userId)
  const exportId = parseId(params.exportId)
  const access = exportId === null ? ({ ok: false, why: 'missing' } as const) : await exportFile(db, EXPORTS_DIR, { journalId: rights.journal.id, studentId: rights.student.id, exportId })
  const t = getInstance(context).t
  const back = `/diary/homework/${rights.journal.id}/student/${rights.student.id}/export`
  if (!access.ok) return data({ title: t(`privacy.refused_${access.why}`), ok: false as const, why: access.why, back }, { status: STATUS[access.why] })
  return { title: t('privacy.exportReady'), ok: true as const, back, file: `${back}/${exportId}/file.zip`, size: access.size }
}

export default function ExportItem({ loaderData }: Route.ComponentProps) {
  const { t } = useT()
  if (!loaderData.ok) {
    return (
      <MessagePage title={t(`privacy.refused_${loaderData.why}`)}>
        <p>{t(`privacy.refusedText_${loaderData.why}`)}</p>
        <FastLink to={loaderData.back}>{t('privacy.backToExports')}</FastLink>
      </MessagePage>
    )
  }
  return (
    <MessagePage title={t('privacy.exportReady')}>
      <p>
        <a className="button" href={loaderData.file} download>
          {t('privacy.download')}
        </a>
      </p>
      <FastLink to={loaderData.back}>{t('privacy.backToExports')}</FastLink>
    </MessagePage>
  )
}
