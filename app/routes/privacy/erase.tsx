import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, useNavigation } from 'react-router'
import { Form } from '~/ui/form'
import type { z } from 'zod/mini'
import type { Route } from './+types/erase'
import { requireUser } from '~/auth/guards.server'
import { redirectWithToast } from '~/auth/toast.server'
import { db } from '~/db/db.server'
import { ERASURE_GRACE_DAYS } from '~/features/privacy/constants'
import { pendingErasureOf, requestErasure, undoErasure } from '~/features/privacy/erase.server'
import { studentDataRights } from '~/features/privacy/rights.server'
import { EraseSchema } from '~/features/privacy/schema'
import { readForm } from '~/http/form.server'
import { PRIVACY_HANDLE, privacyDictionary } from '~/i18n/client-resources'
import { getInstance, getLocale } from '~/i18n/middleware.server'
import { useT } from '~/i18n/use-t'
import { formatDate, formatDateTime } from '~/shared/dates'
import { ErrorList, TextField } from '~/ui/field'
import { Check } from '~/ui/check-field'
import { useConsoleForm } from '~/ui/form-kit'
import { pageMeta } from '~/ui/page-title'
import { StudentDataHead } from '~/features/privacy/components/student-data-head'
import { once } from '~/http/once.server'
import { sendSafely } from '~/ui/send-safely'

export const handle = PRIVACY_HANDLE
export const clientMiddleware = privacyDictionary
export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(loaderData?.title, matches)

/**
 * /diary/homework/{id}/student/{sid}/erase (decision 0047): erase the student's account and everything
 * of theirs, after 30 days in which it can be undone. The erasure asks for the student's account
 * typed again. Who may ask, who may undo and what the page says of both are one rule
 * (rights.server.ts, decision 0061): whoever manages every journal of the student asks; the
 * team's admins (the owner, for a personal journal) undo. Once asked, the student's page is closed
 * (rule 12): the asker lands on the journal's students (the owner) or the team's children's data.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { user } = await requireUser(request, context)
  const rights = await studentDataRights(db, params.id, params.sid, user.userId)
  const list = new Intl.ListFormat(getLocale(context), { type: 'conjunction' })
  return {
    title: `${getInstance(context).t('privacy.eraseTitle')} | ${rights.student.name}`,
    rights,
    elsewhere: rights.elsewhere.map((j) => ({ journal: j.journal, managers: list.format(j.managers) })),
    erasers: list.format(rights.erasers),
    pending: await pendingErasureOf(db, rights.student.id),
  }
}

export const action = once(async function action({ request, params, context }: Route.ActionArgs) {
  const { user, session } = await requireUser(request, context)
  const rights = await studentDataRights(db, params.id, params.sid, user.userId)
  const form = await readForm(request)
  const args: IntentArgs = { request, session, rights, userId: user.userId, form, here: `/diary/homework/${rights.journal.id}/student/${rights.student.id}/erase` }
  switch (form.get('intent')) {
    case 'erase':
      return eraseAction(args)
    case 'undo':
      return undoAction(args)
    default:
      throw data(null, { status: 400 })
  }
})

interface IntentArgs {
  request: Request
  session: Awaited<ReturnType<typeof requireUser>>['session']
  rights: Awaited<ReturnType<typeof studentDataRights>>
  userId: number
  form: FormData
  here: string
}

/** Asks for the erasure: it waits its days, in which it can be undone. */
async function eraseAction({ request, session, rights, userId, form, here }: IntentArgs) {
  if (!rights.mayErase) throw data(null, { status: 403 })
  const submission = parseWithZod(form, { schema: EraseSchema(rights.student.account) })
  if (submission.status !== 'success') return data({ result: submission.reply() }, 400)
  const asked = await requestErasure(db, rights, userId)
  // Asked twice (two tabs, two admins at once): the first stands, nothing more is written.
  if (!asked.ok) return await redirectWithToast(request, session, here, { kind: 'error', key: 'privacy.alreadyPending' })
  // The student's page is closed now (rule 12): the owner lands on the journal's students, where the
  // erasure waits with its link; a team's admin on the team's children's data.
  const landing = rights.isOwner ? `/diary/homework/${rights.journal.id}/student` : '/team/my?tab=data'
  const date = formatDate(asked.dueAt)
  const values: Record<string, string> = rights.undoBy.kind === 'owner' ? { date, owner: rights.undoBy.owner } : { date }
  return await redirectWithToast(request, session, landing, { kind: 'success', key: `privacy.eraseAsked_${rights.undoBy.kind}`, values })
}

/** Undoes a waiting erasure. */
async function undoAction({ request, session, rights, userId, here }: IntentArgs) {
  if (!rights.mayUndo) throw data(null, { status: 403 })
  const pending = await pendingErasureOf(db, rights.student.id)
  const done = pending ? await undoErasure(db, pending.id, userId) : 'stale'
  return await redirectWithToast(request, session, here, done === 'ok' ? { kind: 'success', key: 'privacy.undone', values: { name: rights.student.name } } : { kind: 'error', key: 'privacy.nothingToUndo' })
}

// A send that fails in the network keeps the page and says so (decision 0072, ui/send-safely.ts).
export const clientAction = (args: Route.ClientActionArgs) => sendSafely(args)

export default function EraseStudent({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT()
  const { rights, pending, elsewhere, erasers } = loaderData
  const undoValues = rights.undoBy.kind === 'owner' ? { owner: rights.undoBy.owner } : {}
  return (
    <>
      <StudentDataHead rights={rights} current="erase" />
      {pending ? (
        <section aria-labelledby="pending" className="card">
          <h2 id="pending">{t('privacy.pendingTitle')}</h2>
          <p>{t('privacy.pendingText', { date: formatDate(pending.dueAt), by: pending.by ?? '–', at: formatDateTime(pending.requestedAt) })}</p>
          <p className={rights.mayUndo ? undefined : 'hint'}>{t(`privacy.undoBy_${rights.undoBy.kind}`, undoValues)}</p>
          {rights.mayUndo ? <UndoForm /> : null}
        </section>
      ) : (
        <section aria-labelledby="erase-what" className="card">
          <h2 id="erase-what">{t('privacy.eraseWhat')}</h2>
          <ul>
            {(['account', 'posts', 'pictures', 'comments', 'notifications', 'alerts', 'quiz', 'ebooks', 'sessions', 'tickets'] as const).map((k) => (
              <li key={k}>{t(`privacy.erases_${k}`)}</li>
            ))}
          </ul>
          <p>{t(`privacy.eraseGrace_${rights.undoBy.kind}`, { count: ERASURE_GRACE_DAYS, ...undoValues })}</p>
          {rights.mayErase ? (
            <EraseForm account={rights.student.account} lastResult={actionData?.result} />
          ) : (
            <div className="notice">
              <p>{t('privacy.eraseElsewhere', { count: elsewhere.length })}</p>
              <ul>
                {elsewhere.map((j, i) => (
                  <li key={i}>{t('privacy.elsewhereItem', { journal: j.journal, managers: j.managers })}</li>
                ))}
              </ul>
              <p>{erasers ? t('privacy.eraseBy', { names: erasers }) : t('privacy.eraseByNobody')}</p>
            </div>
          )}
        </section>
      )}
    </>
  )
}

function UndoForm() {
  const { t } = useT()
  const busy = useNavigation().state === 'submitting'
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="undo" />
      <button className="button" type="submit" disabled={busy}>
        {t('privacy.undo')}
      </button>
    </Form>
  )
}

const loadErase = () => import('~/features/privacy/validate').then((m) => m.validateErase)

function EraseForm({ account, lastResult }: { account: string; lastResult?: SubmissionResult<string[]> }) {
  const { t } = useT()
  const { form, fields, formProps, busy } = useConsoleForm<z.input<ReturnType<typeof EraseSchema>>>({ id: 'erase-student', lastResult, load: () => loadErase().then((v) => v(account)) })
  return (
    <Form method="post" {...formProps}>
      <input type="hidden" name="intent" value="erase" />
      <TextField field={fields.account} label={t('privacy.typeAccount', { account })} inputProps={{ autoComplete: 'off', spellCheck: false }} />
      <Check field={fields.understood} label={t('privacy.understood')} />
      <ErrorList errors={form.errors} />
      <button className="button danger" type="submit" disabled={busy}>
        {t('privacy.erase')}
      </button>
    </Form>
  )
}
