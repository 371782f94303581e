import { useEffect } from 'react'
import { data, useNavigation, useRevalidator } from 'react-router'
import { Form } from '~/ui/form'
import type { Route } from './+types/export'
import { requireUser } from '~/auth/guards.server'
import { redirectWithToast } from '~/auth/toast.server'
import { db } from '~/db/db.server'
import { exportsOf, startExport } from '~/features/privacy/export.server'
import { pendingErasureOf } from '~/features/privacy/erase.server'
import { studentDataRights } from '~/features/privacy/rights.server'
import { exportInBackground } from '~/features/privacy/runner.server'
import { journalZone, looksAt, recordLook } from '~/features/privacy/views.server'
import { readForm } from '~/http/form.server'
import { PRIVACY_HANDLE, privacyDictionary } from '~/i18n/client-resources'
import { getInstance, getLocale } from '~/i18n/middleware.server'
import { useT } from '~/i18n/use-t'
import { formatDate, formatDateTime } from '~/shared/dates'
import { FastLink } from '~/ui/fast-link'
import { NoScriptRefresh } from '~/ui/no-script-refresh'
import { pageMeta } from '~/ui/page-title'
import { StudentDataHead } from '~/features/privacy/components/student-data-head'
import { once } from '~/http/once.server'
import { sendSafely } from '~/ui/send-safely'

export const handle = PRIVACY_HANDLE
export const clientMiddleware = privacyDictionary
export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(loaderData?.title, matches)

const POLL_MS = 1000

/**
 * /diary/homework/{id}/student/{sid}/export (decision 0047): one zip of the student's data in this
 * journal, made as a job with its progress; the list of this student's exports with their links
 * (7 days); who looked at the student, for the team's admin. The owner or the team's admin only.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { user } = await requireUser(request, context)
  const rights = await studentDataRights(db, params.id, params.sid, user.userId)
  const [exports, pending, looks] = await Promise.all([exportsOf(db, rights.journal.id, rights.student.id), pendingErasureOf(db, rights.student.id), rights.mayAudit ? looksAt(db, rights.student.id, 60) : null])
  return { title: `${getInstance(context).t('privacy.exportTitle')} | ${rights.student.name}`, rights, exports, pending, looks }
}

export const action = once(async function action({ request, params, context }: Route.ActionArgs) {
  const { user, session } = await requireUser(request, context)
  const rights = await studentDataRights(db, params.id, params.sid, user.userId)
  const form = await readForm(request)
  if (form.get('intent') !== 'start') throw data(null, { status: 400 })
  const here = `/diary/homework/${rights.journal.id}/student/${rights.student.id}/export`
  // Rule 12: nothing of a student whose erasure waits, or whose account is locked, is exported.
  if (!rights.open) return await redirectWithToast(request, session, here, { kind: 'error', key: 'privacy.exportClosed' })
  const lang = getLocale(context)
  const { id, started } = await startExport(db, { journalId: rights.journal.id, studentId: rights.student.id, userId: user.userId, lang })
  if (started) exportInBackground(id, lang)
  await recordLook(db, { viewerId: user.userId, studentIds: [rights.student.id], kind: 'exports', journalId: rights.journal.id, timeZone: await journalZone(db, rights.journal.id) })
  return await redirectWithToast(request, session, here, { kind: 'info', key: started ? 'privacy.exportStarted' : 'privacy.exportRunning' })
})

// A send that fails in the network keeps the page and says so (decision 0072, ui/send-safely.ts).
export const clientAction = (args: Route.ClientActionArgs) => sendSafely(args)

/** With JavaScript, the page asks for the progress every second while an export is made. */
function usePolling(on: boolean) {
  const { revalidate, state } = useRevalidator()
  useEffect(() => {
    if (!on || state !== 'idle') return
    const timer = window.setTimeout(() => void revalidate(), POLL_MS)
    return () => window.clearTimeout(timer)
  }, [on, state, revalidate])
}

const megabytes = (bytes: number | null) => (bytes === null ? '–' : `${(bytes / 1_048_576).toFixed(bytes < 1_048_576 ? 2 : 1)} MB`)

export default function StudentExport({ loaderData }: Route.ComponentProps) {
  const { t } = useT()
  const busy = useNavigation().state === 'submitting'
  const { rights, exports, pending, looks } = loaderData
  const running = exports.some((x) => x.status === 'running')
  usePolling(running)
  const base = `/diary/homework/${rights.journal.id}/student/${rights.student.id}`
  const now = new Date().toISOString()
  return (
    <>
      <StudentDataHead rights={rights} current="export" />
      {pending ? <p className="notice">{t('privacy.pendingNotice', { date: formatDate(pending.dueAt) })}</p> : null}
      {rights.open ? null : <p className="notice">{t('privacy.exportClosed')}</p>}
      <section aria-labelledby="export-what" className="card">
        <h2 id="export-what">{t('privacy.exportWhat')}</h2>
        <ul>
          {(['posts', 'pdf', 'pictures', 'comments', 'quiz', 'ebooks', 'readme'] as const).map((k) => (
            <li key={k}>{t(`privacy.holds_${k}`)}</li>
          ))}
        </ul>
        <p className="hint">{t('privacy.exportHint', { count: 7 })}</p>
        <Form method="post">
          <input type="hidden" name="intent" value="start" />
          <button className="button" type="submit" disabled={busy || running || !rights.open}>
            {t('privacy.exportStart')}
          </button>
        </Form>
      </section>

      <section aria-labelledby="exports">
        <h2 id="exports">{t('privacy.exportsTitle')}</h2>
        {running ? <NoScriptRefresh seconds={2} /> : null}
        {exports.length === 0 ? (
          <p className="empty">{t('privacy.exportsNone')}</p>
        ) : (
          <table className="table">
            <thead>
              <tr>
                <th scope="col">{t('privacy.madeAt')}</th>
                <th scope="col">{t('privacy.madeBy')}</th>
                <th scope="col">{t('privacy.state')}</th>
                <th scope="col">{t('privacy.link')}</th>
              </tr>
            </thead>
            <tbody>
              {exports.map((x) => (
                <tr key={x.id}>
                  <td className="nowrap">{formatDateTime(x.createdAt)}</td>
                  <td>{x.by ?? '–'}</td>
                  <td>
                    {x.status === 'running' ? (
                      <span role="status">
                        <progress max={x.total || 1} value={x.done} aria-label={t('privacy.progressLabel')} /> {t('privacy.progress', { done: x.done, total: x.total })}
                      </span>
                    ) : x.status === 'failed' ? (
                      t('privacy.failed')
                    ) : x.expiresAt <= now ? (
                      t('privacy.expired')
                    ) : (
                      t('privacy.readyUntil', { date: formatDateTime(x.expiresAt), size: megabytes(x.size) })
                    )}
                  </td>
                  <td>
                    {x.status === 'done' && x.expiresAt > now && rights.open ? (
                      <a href={`${base}/export/${x.id}/file.zip`} download>
                        {t('privacy.download')}
                      </a>
                    ) : (
                      <FastLink to={`${base}/export/${x.id}`}>{t('privacy.details')}</FastLink>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      {looks ? (
        <section aria-labelledby="looks">
          <h2 id="looks">{t('privacy.looksTitle')}</h2>
          <p className="hint">
            {t('privacy.looksHint')} <a href={`${base}/looks.csv`}>{t('privacy.looksCsv')}</a>
          </p>
          {looks.length === 0 ? (
            <p className="empty">{t('privacy.looksNone')}</p>
          ) : (
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">{t('privacy.day')}</th>
                  <th scope="col">{t('privacy.who')}</th>
                  <th scope="col">{t('privacy.what')}</th>
                  <th scope="col">{t('privacy.journal')}</th>
                </tr>
              </thead>
              <tbody>
                {looks.map((l, i) => (
                  <tr key={i}>
                    <td className="nowrap">{l.day}</td>
                    <td>
                      {l.who} <span className="hint">{l.account}</span>
                    </td>
                    <td>{l.what.map((k) => t(`privacy.look_${k}`)).join(', ')}</td>
                    <td>{l.journal ?? '–'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      ) : null}
    </>
  )
}
