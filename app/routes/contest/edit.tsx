import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, Link } from 'react-router'
import { Form } from '~/ui/form'
import type { z } from 'zod/mini'
import type { Route } from './+types/edit'
import { requireJournalReader } from '~/auth/guards.server'
import { redirectWithToast } from '~/auth/toast.server'
import { db } from '~/db/db.server'
import { LABEL_COLORS } from '~/features/journals/constants'
import { PICK_TYPES, RETURN } from '~/features/quests/constants'
import { contestNameByCode, saveContestSettings } from '~/features/quests/contest.server'
import { requireContestJournal } from '~/auth/quest-gate.server'
import { ContestSettingsSchema } from '~/features/quests/schema'
import { startContestJournal } from '~/features/samples/contest-code.server'
import { readForm } from '~/http/form.server'
import { cleanValue } from '~/shared/text'
import { getInstance } from '~/i18n/middleware.server'
import { useT } from '~/i18n/use-t'
import { Choice } from '~/ui/choice-fields'
import { teamFacts } from '~/features/quests/components/contest-card'
import { Facts } from '~/ui/facts'
import { NoticeDialog } from '~/ui/dialog'
import { ErrorList, TextAreaField, TextField } from '~/ui/field'
import { useConsoleForm } from '~/ui/form-kit'
import { pageMeta } from '~/ui/page-title'
import { CONTESTS_HANDLE, contestsDictionary } from '~/i18n/client-resources'
import { journalZoneMiddleware } from '~/features/journals/zone.server'
import { once } from '~/http/once.server'
import { sendSafely } from '~/ui/send-safely'

// The quest and contest texts are a dictionary part of their own (decision 0035).
export const handle = CONTESTS_HANDLE
export const clientMiddleware = contestsDictionary

// Times in the journal's school zone (decision 0044).
export const middleware: Route.MiddlewareFunction[] = [journalZoneMiddleware]
export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(loaderData?.title, matches)

// `/contest/0000/edit?code=…` starts a contest journal from a code; any other id is a journal's.
const FROM_CODE = '0000'

/**
 * /contest/{id}/edit (spec 3 contest journal edit): the contest journal's settings. `?new=1` after
 * taking a contest code, `?new=-1` from the info page (back goes there).
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { t } = getInstance(context)
  const url = new URL(request.url)
  if (params.id === FROM_CODE) {
    await requireJournalReader(request, context)
    const code = (url.searchParams.get('code') ?? '').trim().slice(0, 50)
    return { mode: 'code' as const, code, contestName: code ? await contestNameByCode(db, code) : null, title: t('contest.takeTitle') }
  }
  const { journal, contest } = await requireContestJournal(request, context, params.id)
  return {
    mode: 'edit' as const,
    id: journal.id,
    isNew: url.searchParams.get('new') === '1',
    contest,
    defaults: { name: contest.name, description: contest.description, coverColor: String(contest.coverColor), startDate: contest.startDate ?? '', pickType: String(contest.pickType) },
    title: `${t('contest.editTitle')} | ${journal.name}`,
  }
}

export const action = once(async function action({ request, context, params }: Route.ActionArgs) {
  const form = await readForm(request)
  if (params.id === FROM_CODE) {
    const { session, user } = await requireJournalReader(request, context)
    const taken = await startContestJournal(db, { userId: user.userId, planLimit: user.studentLimit }, cleanValue(String(form.get('code') ?? '')))
    if (!taken.ok) return data({ takeError: taken.error, result: undefined }, 400)
    return await redirectWithToast(request, session, `/contest/${taken.journalId}/edit?new=1`, { kind: 'success', key: 'journal.created' })
  }
  const { session, journal } = await requireContestJournal(request, context, params.id)
  const submission = parseWithZod(form, { schema: ContestSettingsSchema })
  if (submission.status !== 'success') return data({ result: submission.reply(), takeError: null }, 400)
  const isNew = new URL(request.url).searchParams.get('new') === '1'
  const saved = await saveContestSettings(db, journal.id, submission.value, { isNew })
  if (!saved.ok) return data({ result: submission.reply({ fieldErrors: saved.fieldErrors }), takeError: null }, 400)
  const to = saved.next === 'select' ? `/diary/homework/${journal.id}/questList/edit?new=1` : `/diary/homework/${journal.id}/questList`
  return await redirectWithToast(request, session, to, { kind: 'success', key: 'contest.saved', values: { code: RETURN.contestSaved } })
})

// A send that fails in the network keeps the page and says so (decision 0072, ui/send-safely.ts).
export const clientAction = (args: Route.ClientActionArgs) => sendSafely(args)

export default function ContestEditPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT()
  if (loaderData.mode === 'code') {
    const failed = actionData?.takeError ?? (loaderData.contestName === null ? 'catalogue.invitationCodeError' : null)
    return (
      <>
        <h1>{t('contest.takeTitle')}</h1>
        {loaderData.contestName ? (
          <Form method="post" className="card narrow">
            <p>{t('contest.takeText', { name: loaderData.contestName })}</p>
            <input type="hidden" name="code" value={loaderData.code} />
            <div className="form-actions">
              <button className="button" type="submit">
                {t('contest.takeButton')}
              </button>
              <Link className="button secondary" to="/diary">
                {t('journal.cancel')}
              </Link>
            </div>
          </Form>
        ) : null}
        {failed ? (
          <NoticeDialog title={t('contest.retrievalErrorTitle')} closeTo="/diary" ok={t('contest.ok')}>
            <p>{t('contest.retrievalErrorText')}</p>
            <p className="field-error">{t(failed as never)}</p>
          </NoticeDialog>
        ) : null}
      </>
    )
  }
  const { contest, defaults, id, isNew } = loaderData
  return (
    <>
      <h1>{t('contest.editTitle')}</h1>
      <Facts className="card" items={[...teamFacts(contest, t), [t('contest.members'), contest.members]]} />
      <ContestForm
        defaults={defaults}
        lastResult={actionData?.result}
        contest={contest}
        cancelTo={isNew ? null : `/diary/homework/${id}/contestinfo`}
      />
    </>
  )
}

const loadValidator = () => import('~/features/quests/validate').then((m) => m.validateContestSettings)
type Fields = z.input<typeof ContestSettingsSchema>
type Contest = Extract<Route.ComponentProps['loaderData'], { mode: 'edit' }>['contest']

function ContestForm({ defaults, lastResult, contest, cancelTo }: { defaults: Partial<Fields>; lastResult?: SubmissionResult<string[]>; contest: Contest; cancelTo: string | null }) {
  const { t } = useT()
  const { form, fields, formProps, busy } = useConsoleForm<Fields>({ id: 'contest-settings', lastResult, defaultValue: defaults, load: loadValidator })
  return (
    <Form method="post" className="card settings-form" {...formProps}>
      <TextField field={fields.name} label={t('contest.name')} inputProps={{ maxLength: 50 }} />
      <TextAreaField field={fields.description} label={t('contest.description')} maxLength={500} />
      <Choice field={fields.coverColor} legend={t('contest.coverColor')} options={LABEL_COLORS.map((n) => ({ value: String(n), label: t('contest.color', { n }), swatch: n }))} />
      {contest.startDateEditable ? (
        <TextField
          field={fields.startDate}
          label={t('contest.startDate')}
          hint={t('contest.startDateHint', { min: contest.window.min, max: contest.window.max })}
          inputProps={{ type: 'date', min: contest.window.min, max: contest.window.max } as object}
        />
      ) : (
        <LockedField field={fields.startDate} label={t('contest.startDate')} value={contest.startDate ?? ''} shown={contest.startDate} why={contest.startDateChanges > 0 ? t('contest.startDateOnce') : t('contest.startDateLocked')} />
      )}
      {contest.pickTypeLocked ? (
        <LockedField field={fields.pickType} label={t('contest.pickType')} value={String(contest.pickType)} shown={t(`contest.pick${contest.pickType as (typeof PICK_TYPES)[number]}`)} why={t('contest.pickTypeLocked')} />
      ) : (
        <Choice field={fields.pickType} legend={t('contest.pickType')} options={PICK_TYPES.map((n) => ({ value: String(n), label: t(`contest.pick${n}`) }))} />
      )}
      <p className="hint">{t('contest.pickTypeHint')}</p>
      <ErrorList errors={form.errors} />
      <div className="form-actions">
        <button className="button" type="submit" disabled={busy}>
          {t('journal.save')}
        </button>
        {cancelTo ? (
          <Link className="button secondary" to={cancelTo}>
            {t('journal.cancel')}
          </Link>
        ) : null}
      </div>
    </Form>
  )
}

/**
 * A setting the contest no longer lets change: its value, kept by a hidden field, and why, said
 * once: the server's error when a stale page sent a change (it gives the reason), else the hint.
 */
function LockedField({ field, label, value, shown, why }: { field: { name: string; errorId: string; errors?: string[] }; label: string; value: string; shown: React.ReactNode; why: string }) {
  return (
    <div className="field">
      <span className="label">{label}</span>
      <p>
        <strong>{shown}</strong> {field.errors?.length ? null : <span className="hint">{why}</span>}
      </p>
      <input type="hidden" name={field.name} value={value} />
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  )
}
