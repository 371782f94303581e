import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form } from 'react-router'
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
import { getInstance } from '~/i18n/middleware.server'
import { useT } from '~/i18n/use-t'
import { formatDate, formatDateTime } from '~/shared/dates'
import { ErrorList, TextField } from '~/ui/field'
import { Check } from '~/ui/check-field'
import { useConsoleForm } from '~/ui/form-kit'
import { pageMeta } from '~/ui/page-title'
import { StudentDataHead } from '~/ui/student-data-head'

export const handle = PRIVACY_HANDLE
export const clientMiddleware = privacyDictionary
export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(loaderData?.title, matches)

/**
 * /diary/homework/{id}/student/{sid}/erase (issue 36): erase the student's account and everything
 * of theirs, after 30 days in which the team's admin can undo it. The erasure asks for the
 * student's account typed again; someone who does not manage every journal of the student may not.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { user } = await requireUser(request, context)
  const rights = await studentDataRights(db, params.id, params.sid, user.userId)
  return { title: `${getInstance(context).t('privacy.eraseTitle')} | ${rights.student.name}`, rights, pending: await pendingErasureOf(db, rights.student.id) }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { user, session } = await requireUser(request, context)
  const rights = await studentDataRights(db, params.id, params.sid, user.userId)
  const form = await readForm(request)
  const here = `/diary/homework/${rights.journal.id}/student/${rights.student.id}/erase`
  if (form.get('intent') === 'undo') {
    if (!rights.mayUndo) throw data(null, { status: 403 })
    const pending = await pendingErasureOf(db, rights.student.id)
    const done = pending ? await undoErasure(db, pending.id, user.userId) : 'stale'
    return await redirectWithToast(request, session, here, done === 'ok' ? { kind: 'success', key: 'privacy.undone', values: { name: rights.student.name } } : { kind: 'error', key: 'privacy.nothingToUndo' })
  }
  if (!rights.mayErase) throw data(null, { status: 403 })
  const submission = parseWithZod(form, { schema: EraseSchema(rights.student.account) })
  if (submission.status !== 'success') return data({ result: submission.reply() }, 400)
  const asked = await requestErasure(db, rights, user.userId)
  // Asked twice (two tabs, two admins at once): the first stands, nothing more is written.
  if (!asked.ok) return await redirectWithToast(request, session, here, { kind: 'error', key: 'privacy.alreadyPending' })
  return await redirectWithToast(request, session, here, { kind: 'success', key: 'privacy.eraseAsked', values: { date: formatDate(asked.dueAt) } })
}

export default function EraseStudent({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT()
  const { rights, pending } = loaderData
  return (
    <>
      <StudentDataHead rights={rights} current="erase" />
      {pending ? (
        <section aria-labelledby="pending" className="card">
          <h2 id="pending">{t('privacy.pendingTitle')}</h2>
          <p>{t('privacy.pendingText', { date: formatDate(pending.dueAt), by: pending.by ?? '–', at: formatDateTime(pending.requestedAt) })}</p>
          {rights.mayUndo ? (
            <Form method="post">
              <input type="hidden" name="intent" value="undo" />
              <button className="button" type="submit">
                {t('privacy.undo')}
              </button>
            </Form>
          ) : (
            <p className="hint">{t('privacy.undoByAdmin')}</p>
          )}
        </section>
      ) : (
        <section aria-labelledby="erase-what" className="card">
          <h2 id="erase-what">{t('privacy.eraseWhat')}</h2>
          <ul>
            {(['account', 'posts', 'pictures', 'comments', 'notifications', 'alerts', 'quiz', 'ebooks', 'sessions', 'tickets'] as const).map((k) => (
              <li key={k}>{t(`privacy.erases_${k}`)}</li>
            ))}
          </ul>
          <p>{t('privacy.eraseGrace', { count: ERASURE_GRACE_DAYS })}</p>
          {rights.mayErase ? <EraseForm account={rights.student.account} lastResult={actionData?.result} /> : <p className="notice">{t('privacy.eraseElsewhere', { count: rights.elsewhere })}</p>}
        </section>
      )}
    </>
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
