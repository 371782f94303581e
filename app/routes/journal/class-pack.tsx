import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'
import { Form } from '~/ui/form'
import type { z } from 'zod/mini'
import type { Route } from './+types/class-pack'
import { journalOf } from '~/auth/journal-gate.server'
import { redirectWithToast } from '~/auth/toast.server'
import { db } from '~/db/db.server'
import type { DocumentLang } from '~/features/documents/typst.server'
import { classJobInBackground } from '~/features/jobs/class-jobs.server'
import { claimStaleClassPack, classPackJob, runClassPack, startClassPack } from '~/features/privacy/class-pack.server'
import { ClassPackSchema } from '~/features/privacy/schema'
import { HOLD_BACK_DAYS } from '~/features/alerts/constants'
import { heldBackPosts, namedLeftOut } from '~/features/alerts/held-back.server'
import { idFields } from '~/features/form-ids.server'
import { classStudents } from '~/features/students/list.server'
import { readForm } from '~/http/form.server'
import { PRIVACY_HANDLE, privacyDictionary } from '~/i18n/client-resources'
import { getInstance, translatorFor } from '~/i18n/middleware.server'
import { useT } from '~/i18n/use-t'
import { addDays, formatDateTime, todayDate } from '~/shared/dates'
import { ClassJobHead, ClassJobProgress } from '~/ui/class-job'
import { ErrorList, TextField } from '~/ui/field'
import { HeldBackFieldset, LeftOutList, type HeldBackView } from '~/ui/held-back'
import { pageMeta } from '~/ui/page-title'
import { useServerForm } from '~/ui/server-form'
import { once } from '~/http/once.server'
import { sendSafely } from '~/ui/send-safely'

// Its texts are the privacy part's, with the family packs: no other journal page downloads them.
export const handle = PRIVACY_HANDLE
export const clientMiddleware = privacyDictionary
export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(loaderData?.title, matches)

/** The period a pack covers by default: the last 30 days. */
const DEFAULT_DAYS = 30

const runInBackground = (journalId: number) => classJobInBackground(journalId, 'packs', () => runClassPack(db, journalId, (lang) => translatorFor(lang).t, todayDate()))

/**
 * /diary/homework/{id}/parentPacks (decision 0053): the family pack's overview for every
 * student of the journal in one PDF for parent meetings, made as a job with progress. The journal's
 * teachers (the gate); one job per journal at a time; the PDF in the teacher's language. The
 * students' posts of the period go in, but those held back under an alert (decision 0063): the form
 * lists them to put one back, the finished job names those it left out.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { journal } = journalOf(context)
  if (await claimStaleClassPack(db, journal.id)) runInBackground(journal.id)
  const today = todayDate(new Date(), journal.timeZone)
  const [students, job, held] = await Promise.all([classStudents(db, journal.id), classPackJob(db, journal.id), heldBackPosts(db, journal.id)])
  const leftOut = job ? await namedLeftOut(db, journal.id, job.results.flatMap((r) => r.leftOut ?? [])) : []
  const defaults = { from: addDays(today, 1 - DEFAULT_DAYS), to: today }
  // Only the posts of the period the form offers: a post before it would not be in the pack anyway.
  const from = job?.settings.from ?? defaults.from
  return {
    title: `${getInstance(context).t('classPack.title')} | ${journal.name}`,
    journalId: journal.id,
    students: students.length,
    names: Object.fromEntries(students.map((s) => [s.id, s.name])),
    job,
    heldBack: [...held.values()].filter((h) => h.diaryDate >= from && h.diaryDate <= today),
    leftOut,
    defaults,
  }
}

export const action = once(async function action({ request, context }: Route.ActionArgs) {
  const { journal, user, session } = journalOf(context)
  const form = await readForm(request)
  const back = `/diary/homework/${journal.id}/parentPacks`
  // A wrong period is the fields' error, with what was typed kept (decision 0063), with or without JavaScript.
  const submission = parseWithZod(form, { schema: ClassPackSchema(todayDate(new Date(), journal.timeZone)) })
  if (submission.status !== 'success') return data({ result: submission.reply() }, 400)
  const { from, to } = submission.value
  const students = (await classStudents(db, journal.id)).map((s) => s.id)
  if (students.length === 0) return redirectWithToast(request, session, back, { kind: 'error', key: 'classPack.noStudents' })
  // The held-back posts the teacher put back knowingly (decision 0063).
  const putBack = idFields(form, 'putBack')
  const started = await startClassPack(db, { journalId: journal.id, teacherId: user.userId, studentIds: students, from, to, lang: getInstance(context).language as DocumentLang, putBack })
  if (started === 'running') return redirectWithToast(request, session, back, { kind: 'info', key: 'classPack.alreadyRunning' })
  runInBackground(journal.id)
  return redirectWithToast(request, session, back, { kind: 'success', key: 'classPack.started' })
})

// A send that fails in the network keeps the page and says so (decision 0072, ui/send-safely.ts).
export const clientAction = (args: Route.ClientActionArgs) => sendSafely(args)

export default function ClassPackPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT()
  const { job, journalId, students, names, heldBack, leftOut, defaults } = loaderData
  const running = job?.status === 'running'
  return (
    <>
      <ClassJobHead journalId={journalId} studentsLabel={t('classPack.students')} title={t('classPack.title')} intro={t('classPack.intro')} running={running} />
      {job ? (
        <section className="card class-books-job" aria-labelledby="pack-job">
          <h2 id="pack-job">{t('classPack.jobTitle')}</h2>
          <p role="status">
            {job.status === 'running'
              ? t('classPack.progress', { done: job.done, count: job.total })
              : job.status === 'failed'
                ? t('classPack.failed')
                : t('classPack.done', { from: job.settings.from, to: job.settings.to, count: job.total, time: job.finishedAt ? formatDateTime(job.finishedAt) : '' })}
          </p>
          {running ? <ClassJobProgress done={job.done} total={job.total} label={t('classPack.progress', { done: job.done, count: job.total })} /> : null}
          {job.status === 'done' && job.hasFile && job.withheld > 0 ? (
            <p className="notice">{t('classPack.withheld', { count: job.withheld })}</p>
          ) : job.status === 'done' && job.hasFile ? (
            <p>
              <a className="button" href={`/diary/homework/${journalId}/parentPacks/class.pdf`} download>
                {t('classPack.download')}
              </a>
            </p>
          ) : null}
          {job.status === 'done' ? <LeftOutList posts={leftOut} journalId={journalId} names={names} /> : null}
        </section>
      ) : null}
      {running ? null : students === 0 ? (
        <p className="empty">{t('classPack.noStudents')}</p>
      ) : (
        <PeriodForm key={job?.finishedAt ?? ''} again={Boolean(job)} students={students} defaults={{ from: job?.settings.from ?? defaults.from, to: defaults.to }} max={defaults.to} heldBack={heldBack} names={names} journalId={journalId} lastResult={actionData?.result} />
      )}
    </>
  )
}

/** The period and the posts put back; a wrong date is shown at its field, with what was typed kept. */
function PeriodForm(v: { again: boolean; students: number; defaults: { from: string; to: string }; max: string; heldBack: HeldBackView[]; names: Record<number, string>; journalId: number; lastResult?: SubmissionResult<string[]> }) {
  const { t } = useT()
  const { form, fields, formProps, busy } = useServerForm<z.input<ReturnType<typeof ClassPackSchema>>>({ id: 'class-pack', lastResult: v.lastResult, defaultValue: v.defaults })
  const putBack = [v.lastResult?.initialValue?.putBack ?? []].flat().map(String)
  return (
    <Form method="post" className="card class-books-form" {...formProps}>
      <h2>{t(v.again ? 'classPack.again' : 'classPack.make')}</h2>
      <fieldset>
        <legend>{t('classPack.period')}</legend>
        <TextField field={fields.from} label={t('classPack.from')} inputProps={{ type: 'date', max: v.max }} />
        <TextField field={fields.to} label={t('classPack.to')} inputProps={{ type: 'date', max: v.max }} />
      </fieldset>
      <HeldBackFieldset posts={v.heldBack} journalId={v.journalId} names={v.names} checked={putBack} hint={t('heldBack.hint_pack', { count: HOLD_BACK_DAYS })} />
      <ErrorList errors={form.errors} />
      <p className="actions">
        <button type="submit" className="button" disabled={busy}>
          {t('classPack.start', { count: v.students })}
        </button>
      </p>
    </Form>
  )
}
