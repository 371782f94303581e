import { env } from '~/env.server'
import { type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, Link, redirect, useSearchParams } from 'react-router'
import { Form } from '~/ui/form'
import type { z } from 'zod/mini'
import type { Route } from './+types/info'
import { db } from '~/db/db.server'
import { idField } from '~/features/form-ids.server'
import { journalOf } from '~/auth/journal-gate.server'
import { MEMBERSHIP_STATUS } from '~/features/journals/constants'
import { acceptTeacher, generateStudentCode, journalInfo, journalTeachers, recentPosters, removeTeacher, teacherCodeOf } from '~/features/journals/info.server'
import { invitationLink, sendInvitationMail, takeInvitationMail } from '~/features/journals/invitation.server'
import { INVITE_MAIL_LIMITS, SHARE_TYPE } from '~/features/journals/constants'
import { contestOfJournal } from '~/features/quests/contest.server'
import { teamStanding } from '~/features/quests/ranking.server'
import { ContestCard } from '~/features/quests/components/contest-card'
import { InviteEmailSchema } from '~/features/journals/schema'
import { getInstance } from '~/i18n/middleware.server'
import { useT } from '~/i18n/use-t'
import { mailer } from '~/mail/mail.server'
import { CopyButton } from '~/ui/copy-button'
import { formatDate } from '~/shared/dates'
import { ErrorList, TextField } from '~/ui/field'
import { useConsoleForm } from '~/ui/form-kit'
import { redirectWithToast } from '~/auth/toast.server'
import { ConfirmDialog } from '~/ui/dialog'
import { pageMeta } from '~/ui/page-title'
import { readForm } from '~/http/form.server'
import { JOURNAL_INFO_HANDLE, journalInfoDictionary } from '~/i18n/client-resources'
import { RECENT_POSTER_DAYS } from '~/features/journals/constants'
import { once } from '~/http/once.server'
import { sendSafely } from '~/ui/send-safely'

// The contest card's part (decision 0035) and the occasional part: teachers and invitations (decision 0056).
export const handle = JOURNAL_INFO_HANDLE
export const clientMiddleware = journalInfoDictionary

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(loaderData?.title, matches)

/** The page's own path: a contest journal's info page is `/contestinfo` (spec 2 route table). */
const infoPath = (journal: { id: number; shareType: string }) => `/diary/homework/${journal.id}/${journal.shareType === SHARE_TYPE.quest ? 'contestinfo' : 'info'}`

export async function loader({ request, context }: Route.LoaderArgs) {
  const { journal, role } = journalOf(context)
  const path = infoPath(journal)
  if (new URL(request.url).pathname !== path) throw redirect(path)
  const isOwner = role === 'owner'
  const contest = journal.shareType === SHARE_TYPE.quest ? await contestOfJournal(db, journal.id) : null
  const info = await journalInfo(db, journal.id)
  const teacherCode = isOwner ? await teacherCodeOf(db, journal.id) : null
  return {
    isOwner,
    info: { ...info, teacherCode, inviteCode: isOwner ? info.inviteCode : null },
    teacherLink: teacherCode ? invitationLink(env.PUBLIC_ORIGIN, teacherCode) : null,
    studentLink: isOwner && info.inviteCode ? `${env.PUBLIC_ORIGIN}/s/join/${info.inviteCode}` : null,
    posters: await recentPosters(db, journal.id),
    teachers: await journalTeachers(db, journal.id),
    contest: contest && { ...contest, standing: await teamStanding(db, contest.contestId, contest.teamId) },
    title: `${getInstance(context).t(contest ? 'contest.infoTitle' : 'journalInfo.infoTitle')} | ${journal.name}`,
  }
}

const TOASTS = { accept: 'journalInfo.accepted', reject: 'journalInfo.rejected', remove: 'journalInfo.removed', generate: 'journalInfo.generated' } as const

export const action = once(async function action({ request, context }: Route.ActionArgs) {
  // Managing teachers and codes is the owner's alone (spec 2 section 6).
  journalOf(context, { ownerOnly: true })
  const form = await readForm(request)
  switch (form.get('intent')) {
    case 'invite-email':
      return inviteByEmail(request, context, form)
    // A new student code names no teacher; the other intents act on the posted one.
    case 'generate':
      return teacherAction(request, context, 'generate', async (journalId) => (await generateStudentCode(db, journalId), true))
    case 'accept':
      return teacherAction(request, context, 'accept', (journalId) => acceptTeacher(db, journalId, idField(form, 'userId')))
    case 'reject':
      return teacherAction(request, context, 'reject', (journalId) => removeTeacher(db, journalId, idField(form, 'userId'), MEMBERSHIP_STATUS.pending))
    case 'remove':
      return teacherAction(request, context, 'remove', (journalId) => removeTeacher(db, journalId, idField(form, 'userId'), MEMBERSHIP_STATUS.approved))
    default:
      throw data(null, { status: 400 })
  }
})

/** One change of the journal's teachers or codes: 404 when it named nothing to change, else its toast. */
async function teacherAction(request: Request, context: Route.ActionArgs['context'], intent: keyof typeof TOASTS, change: (journalId: number) => Promise<boolean>) {
  const { session, journal } = journalOf(context, { ownerOnly: true })
  if (!(await change(journal.id))) throw data(null, { status: 404 })
  return await redirectWithToast(request, session, infoPath(journal), { kind: 'success', key: TOASTS[intent] })
}

// A send that fails in the network keeps the page and says so (decision 0072, ui/send-safely.ts).
export const clientAction = (args: Route.ClientActionArgs) => sendSafely(args)

/** Tab two of the teacher invitation: the invitation by e-mail, in the owner's language. */
async function inviteByEmail(request: Request, context: Route.ActionArgs['context'], form: FormData) {
  const { session, user, journal } = journalOf(context, { ownerOnly: true })
  const submission = parseWithZod(form, { schema: InviteEmailSchema })
  if (submission.status !== 'success') return data({ invite: submission.reply() }, 400)
  if (!(await takeInvitationMail(db, user.userId, journal.id))) {
    return data({ invite: submission.reply({ fieldErrors: { email: ['journalInfo.inviteLimitReached'] } }) }, 429)
  }
  const code = await teacherCodeOf(db, journal.id)
  const link = invitationLink(env.PUBLIC_ORIGIN, code)
  await sendInvitationMail(mailer, getInstance(context).t, submission.value.email, { owner: user.userName, journal: journal.name, code, link })
  return await redirectWithToast(request, session, infoPath(journal), { kind: 'success', key: 'journalInfo.invitationSent', values: { email: submission.value.email } })
}

export default function JournalInfoPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT()
  const { info, isOwner, posters, teachers, teacherLink, studentLink, contest } = loaderData
  const [params] = useSearchParams()
  const removing = teachers.find((x) => String(x.id) === params.get('remove') && x.status === MEMBERSHIP_STATUS.approved)
  return (
    <>
      <div className="page-head">
        <h1>{info.name}</h1>
        {isOwner ? (
          <Link className="button secondary" to={contest ? `/contest/${info.id}/edit?new=-1` : `/diary/homework/${info.id}/edit`}>
            {t('journalInfo.settings')}
          </Link>
        ) : null}
      </div>
      <p>{info.description || <span className="hint">{t('journalInfo.noDescription')}</span>}</p>
      {contest ? <ContestCard contest={contest} isOwner={isOwner} journalId={info.id} /> : (
        <p className="hint">
          {t('journalSettings.submitMode')}: {t(`journalSettings.share${info.shareType === '3' ? '3' : info.shareType === '5' ? '5' : '2'}`)}
        </p>
      )}

      {isOwner ? (
        <div className="info-grid">
          <section className="card" aria-labelledby="students-invite">
            <h2 id="students-invite">{t('journalInfo.inviteStudents')}</h2>
            <h3>{t('journalInfo.inviteCode')}</h3>
            {info.inviteCode ? (
              <p className="code-line">
                <code className="big-code">{info.inviteCode}</code> <CopyButton text={info.inviteCode} />
                <span className="hint">{t('journalInfo.codeValidUntil', { date: formatDate(info.inviteCodeExpiresAt!) })}</span>
              </p>
            ) : (
              <p className="hint">{t('journal.noCode')}</p>
            )}
            <Form method="post">
              <button className="button secondary" type="submit" name="intent" value="generate">
                {t('journalInfo.generate')}
              </button>
            </Form>
            <h3>{t('journalInfo.studentLink')}</h3>
            {studentLink ? (
              <>
                <p className="code-line">
                  <span className="link-text">{studentLink}</span> <CopyButton text={studentLink} />
                </p>
                <p className="hint">{t('journalInfo.studentLinkHint')}</p>
              </>
            ) : (
              <p className="hint">{t('journalInfo.studentLinkNone')}</p>
            )}
          </section>
          <section className="card" aria-labelledby="teachers-invite">
            <h2 id="teachers-invite">{t('journalInfo.inviteTeachers')}</h2>
            <h3>{t('journalInfo.byCode')}</h3>
            <p className="code-line">
              <code className="big-code">{info.teacherCode}</code> <CopyButton text={info.teacherCode!} />
            </p>
            <p className="hint">{t('journalInfo.teacherCodeText')}</p>
            <p className="code-line">
              <span className="link-text">{teacherLink}</span> <CopyButton text={teacherLink!} />
            </p>
            <p>
              <a className="button secondary" href={`/diary/homework/${info.id}/invitation.docx`} download>
                {t('journalInfo.downloadInvitation')}
              </a>
            </p>
            <h3>{t('journalInfo.inviteByEmail')}</h3>
            <InviteEmailForm lastResult={actionData && 'invite' in actionData ? actionData.invite : undefined} />
          </section>
        </div>
      ) : null}

      <section aria-labelledby="teachers-title">
        <h2 id="teachers-title">{t('journalInfo.teachers')}</h2>
        {teachers.length === 0 ? <p className="hint">{t('journalInfo.noTeachers')}</p> : null}
        <ul className="people">
          {teachers.map((x) => (
            <li key={x.id}>
              <span className="who">
                <strong>{x.name}</strong> <span className="hint">{x.email}</span>
              </span>
              <span className={x.status === MEMBERSHIP_STATUS.pending ? 'status' : 'hint'}>{x.status === MEMBERSHIP_STATUS.pending ? t('journalInfo.teacherPending') : t('journalInfo.teacherAccepted')}</span>
              {isOwner ? (
                x.status === MEMBERSHIP_STATUS.pending ? (
                  <Form method="post" className="row-actions">
                    <input type="hidden" name="userId" value={x.id} />
                    <button className="button small" type="submit" name="intent" value="accept">
                      {t('journalInfo.accept')}
                    </button>
                    <button className="button secondary small" type="submit" name="intent" value="reject">
                      {t('journalInfo.reject')}
                    </button>
                  </Form>
                ) : (
                  <Link to={`?remove=${x.id}`} preventScrollReset>
                    {t('journalInfo.remove')}
                  </Link>
                )
              ) : null}
            </li>
          ))}
        </ul>
        {isOwner && removing ? (
          <ConfirmDialog title={t('journalInfo.removeTitle', { name: removing.name })} text={t('journalInfo.removeText')} closeTo="?" confirm={t('journalInfo.remove')} cancel={t('journal.cancel')} fields={{ intent: 'remove', userId: removing.id }} />
        ) : null}
      </section>

      <section aria-labelledby="posters-title">
        <h2 id="posters-title">{t('journalInfo.recentPosters', { count: RECENT_POSTER_DAYS })}</h2>
        {posters.length === 0 ? <p className="hint">{t('journal.noPosters', { count: RECENT_POSTER_DAYS })}</p> : null}
        <ul className="people">
          {posters.map((p) => (
            <li key={p.id}>
              <span className="who">{p.name}</span>
              <span className="hint">{t('journal.posts', { count: p.count })}</span>
            </li>
          ))}
        </ul>
      </section>
    </>
  )
}

const loadInviteValidator = () => import('~/features/journals/validate').then((m) => m.validateInviteEmail)

function InviteEmailForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const { t } = useT()
  const { form, fields, formProps, busy } = useConsoleForm<z.input<typeof InviteEmailSchema>>({ id: 'invite-email', lastResult, load: loadInviteValidator })
  return (
    <Form method="post" {...formProps}>
      <TextField field={fields.email} type="email" label={t('journalInfo.inviteEmail')} hint={t('journalInfo.inviteLimit', { count: INVITE_MAIL_LIMITS.perJournalPerHour, perSenderPerDay: INVITE_MAIL_LIMITS.perSenderPerDay })} inputProps={{ autoComplete: 'off' }} />
      <ErrorList errors={form.errors} />
      <button className="button" type="submit" disabled={busy} name="intent" value="invite-email">
        {t('journalInfo.sendInvitation')}
      </button>
    </Form>
  )
}
