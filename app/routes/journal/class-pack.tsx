import { Form, useNavigation } from 'react-router'
import type { Route } from './+types/class-pack'
import { journalOf } from '~/auth/journal-gate.server'
import { redirectWithToast } from '~/auth/toast.server'
import { db } from '~/db/db.server'
import type { DocumentLang } from '~/features/documents/typst.server'
import { classJobInBackground } from '~/features/journals/class-jobs.server'
import { claimStaleClassPack, classPackJob, runClassPack, startClassPack } from '~/features/privacy/class-pack.server'
import { classStudents } from '~/features/students/list.server'
import { readForm } from '~/http/form.server'
import { PRIVACY_HANDLE, privacyDictionary } from '~/i18n/client-resources'
import { getInstance, translatorFor } from '~/i18n/middleware.server'
import { useT } from '~/i18n/use-t'
import { addDays, formatDateTime, isCalendarDate, todayDate } from '~/shared/dates'
import { ClassJobHead, ClassJobProgress } from '~/ui/class-job'
import { pageMeta } from '~/ui/page-title'

// Its texts are the privacy part's, with the family packs: no other journal page downloads them.
export const handle = PRIVACY_HANDLE
export const clientMiddleware = privacyDictionary
export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(loaderData?.title, matches)

/** The period a pack covers by default: the last 30 days. */
const DEFAULT_DAYS = 30

const runInBackground = (journalId: number) => classJobInBackground(journalId, 'packs', () => runClassPack(db, journalId, (lang) => translatorFor(lang).t, todayDate()))

/**
 * /diary/homework/{id}/parentPacks (issue 38, decision 0053): the family pack's overview for every
 * student of the journal in one PDF for parent meetings, made as a job with progress. The journal's
 * teachers (the gate); one job per journal at a time; the PDF in the teacher's language.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { journal } = journalOf(context)
  if (await claimStaleClassPack(db, journal.id)) runInBackground(journal.id)
  const today = todayDate(new Date(), journal.timeZone)
  const [students, job] = await Promise.all([classStudents(db, journal.id), classPackJob(db, journal.id)])
  return { title: `${getInstance(context).t('classPack.title')} | ${journal.name}`, journalId: journal.id, students: students.length, job, defaults: { from: addDays(today, 1 - DEFAULT_DAYS), to: today } }
}

export async function action({ request, context }: Route.ActionArgs) {
  const { journal, user, session } = journalOf(context)
  const form = await readForm(request)
  const back = `/diary/homework/${journal.id}/parentPacks`
  const [from, to] = [String(form.get('from') ?? ''), String(form.get('to') ?? '')]
  const today = todayDate(new Date(), journal.timeZone)
  if (!isCalendarDate(from) || !isCalendarDate(to) || from > to || to > today) return redirectWithToast(request, session, back, { kind: 'error', key: 'classPack.badPeriod' })
  const students = (await classStudents(db, journal.id)).map((s) => s.id)
  if (students.length === 0) return redirectWithToast(request, session, back, { kind: 'error', key: 'classPack.noStudents' })
  const started = await startClassPack(db, { journalId: journal.id, teacherId: user.userId, studentIds: students, from, to, lang: getInstance(context).language as DocumentLang })
  if (started === 'running') return redirectWithToast(request, session, back, { kind: 'info', key: 'classPack.alreadyRunning' })
  runInBackground(journal.id)
  return redirectWithToast(request, session, back, { kind: 'success', key: 'classPack.started' })
}

export default function ClassPackPage({ loaderData }: Route.ComponentProps) {
  const { t } = useT()
  const { job, journalId, students, defaults } = loaderData
  const running = job?.status === 'running'
  const busy = useNavigation().state === 'submitting'
  return (
    <>
      <ClassJobHead journalId={journalId} studentsLabel={t('classPack.students')} title={t('classPack.title')} intro={t('classPack.intro')} running={running} />
      {job ? (
        <section className="card class-books-job" aria-labelledby="pack-job">
          <h2 id="pack-job">{t('classPack.jobTitle')}</h2>
          <p role="status">
            {job.status === 'running'
              ? t('classPack.progress', { done: job.done, total: job.total })
              : job.status === 'failed'
                ? t('classPack.failed')
                : t('classPack.done', { from: job.settings.from, to: job.settings.to, count: job.total, time: job.finishedAt ? formatDateTime(job.finishedAt) : '' })}
          </p>
          {running ? <ClassJobProgress done={job.done} total={job.total} label={t('classPack.progress', { done: job.done, total: job.total })} /> : null}
          {job.status === 'done' && job.hasFile && job.withheld > 0 ? (
            <p className="notice">{t('classPack.withheld', { count: job.withheld })}</p>
          ) : job.status === 'done' && job.hasFile ? (
            <p>
              <a className="button" href={`/diary/homework/${journalId}/parentPacks/class.pdf`} download>
                {t('classPack.download')}
              </a>
            </p>
          ) : null}
        </section>
      ) : null}
      {running ? null : students === 0 ? (
        <p className="empty">{t('classPack.noStudents')}</p>
      ) : (
        <Form method="post" className="card class-books-form">
          <h2>{t(job ? 'classPack.again' : 'classPack.make')}</h2>
          <fieldset>
            <legend>{t('classPack.period')}</legend>
            <div className="field">
              <label htmlFor="pack-from">{t('classPack.from')}</label>
              <input id="pack-from" type="date" name="from" defaultValue={job?.settings.from ?? defaults.from} max={defaults.to} required />
            </div>
            <div className="field">
              <label htmlFor="pack-to">{t('classPack.to')}</label>
              <input id="pack-to" type="date" name="to" defaultValue={defaults.to} max={defaults.to} required />
            </div>
          </fieldset>
          <p className="actions">
            <button type="submit" className="button" disabled={busy}>
              {t('classPack.start', { count: students })}
            </button>
          </p>
        </Form>
      )}
    </>
  )
}
