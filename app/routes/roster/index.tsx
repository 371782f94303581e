import { data, Link, useNavigation } from 'react-router'
import { once } from '~/http/once.server'
import { Form } from '~/ui/form'
import { sendSafely } from '~/ui/send-safely'
import type { Route } from './+types/index'
import { requireUser } from '~/auth/guards.server'
import { redirectWithToast } from '~/auth/toast.server'
import { db } from '~/db/db.server'
import { applyRoster, planCounts, planRoster, type RosterPlan, type RosterScope } from '~/features/roster/apply.server'
import type { RosterError } from '~/features/roster/oneroster-tables'
import { readOneRosterZip } from '~/features/roster/read-csv.server'
import { pullForScope, rosterSourceOf, saveRosterSource } from '~/features/roster/rest.server'
import { RosterSourceSchema } from '~/features/roster/schema'
import { sealingKey } from '~/features/roster/secret.server'
import { env } from '~/env.server'
import { ErrorText } from '~/ui/field'
import { dropUpload, keepUpload, keptUpload, rosterLog, rosterScopeOf, rosterScopeTeam } from '~/features/roster/uploads.server'
import { parseId } from '~/shared/lists'
import { readUpload, TOO_LARGE } from '~/http/form.server'
import { SCHOOL_HANDLE, schoolDictionary } from '~/i18n/client-resources'
import { getInstance } from '~/i18n/middleware.server'
import { useT } from '~/i18n/use-t'
import { formatDateTime } from '~/shared/dates'
import { pageMeta } from '~/ui/page-title'
import { RosterApply, RosterPreview, RosterErrors, RosterReport, type ShownPlan } from '~/ui/roster-view'

export const handle = SCHOOL_HANDLE
export const clientMiddleware = schoolDictionary

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(loaderData?.title, matches)

async function scopeOrRefuse(user: Parameters<typeof rosterScopeOf>[1]) {
  const scope = await rosterScopeOf(db, user)
  if (!scope) throw data({ message: 'roster.forbidden' }, 403)
  return scope
}

/** /roster (decision 0075): import a OneRoster 1.2 zip into the team's classes (its admin) or one's own journals; the imports' log. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireUser(request, context)
  const scope = await scopeOrRefuse(user)
  const log = await rosterLog(db, scope)
  const reportId = parseId(new URL(request.url).searchParams.get('report'))
  return {
    title: getInstance(context).t('roster.title'),
    team: await rosterScopeTeam(db, scope),
    source: await rosterSourceOf(db, scope),
    log: log.map((l) => ({ id: l.id, at: l.at, by: l.by, via: l.details.via, counts: l.details.counts })),
    // A report of this scope's imports only: another team's entry is not found.
    report: reportId ? ((await rosterLog(db, scope, { id: reportId }))[0] ?? null) : null,
  }
}

/** What the page shows of a plan: the counts and the names (the first ones of each list). */
function shown(plan: RosterPlan): ShownPlan {
  const names = <T extends { name: string; kana?: string; was?: string }>(list: T[]) => list.slice(0, 50).map((p) => ({ name: p.name, kana: p.kana || undefined, was: p.was }))
  return {
    counts: planCounts(plan),
    classes: { add: names(plan.classes.add), match: names(plan.classes.match), change: names(plan.classes.change), archive: names(plan.classes.archive) },
    students: { add: names(plan.students.add), match: names(plan.students.match), change: names(plan.students.change), archive: names(plan.students.archive) },
    teachers: { add: names(plan.teachers.add.map((t) => ({ name: t.name, kana: t.kana }))), archive: names(plan.teachers.archive), unmatched: names(plan.teachers.unmatched) },
  }
}

type ActionData =
  | { errors: RosterError[]; total: number }
  | { preview: ShownPlan; upload: string }
  | { message: string }
  | { pullFailed: string }
  | { sourceErrors: Record<string, string> }

export const action = once(async function action({ request, context }: Route.ActionArgs) {
  const { session, user } = await requireUser(request, context)
  const scope = await scopeOrRefuse(user)
  const form = await readUpload(request)
  if (form === TOO_LARGE) return data<ActionData>({ errors: [{ file: '', line: 0, column: '', code: 'tooBig' }], total: 1 }, 413)
  const args: IntentArgs = { request, session, scope, form }
  switch (form.get('intent')) {
    case 'preview':
      return previewAction(args)
    case 'saveSource':
      return saveSourceAction(args)
    case 'pull':
      return pullAction(args)
    case 'apply':
      return applyAction(args)
    default:
      return data<ActionData>({ message: 'roster.expired' }, 400)
  }
})

interface IntentArgs {
  request: Request
  session: Awaited<ReturnType<typeof requireUser>>['session']
  scope: RosterScope
  form: FormData
}

/** Reads an uploaded OneRoster zip and shows what applying it would change. */
async function previewAction({ scope, form }: IntentArgs) {
  const file = form.get('roster')
  if (!(file instanceof File) || file.size === 0) return data<ActionData>({ errors: [{ file: '', line: 0, column: '', code: 'notZip' }], total: 1 }, 400)
  const read = readOneRosterZip(new Uint8Array(await file.arrayBuffer()))
  if (!read.ok) return data<ActionData>({ errors: read.errors, total: read.total }, 400)
  const plan = await planRoster(db, scope, read.roster)
  if (plan.errors.length) return data<ActionData>({ errors: plan.errors, total: plan.errors.length }, 400)
  return data<ActionData>({ preview: shown(plan), upload: await keepUpload(db, scope, 'csv', read.roster) })
}

/** Saves the OneRoster server to pull from (its secret sealed). */
async function saveSourceAction({ request, session, scope, form }: IntentArgs) {
  const parsed = RosterSourceSchema.safeParse(Object.fromEntries(form))
  if (!parsed.success) return data<ActionData>({ sourceErrors: Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])) }, 400)
  const v = parsed.data
  const saved = await saveRosterSource(db, scope, sealingKey(env.SESSION_SECRET), { baseUrl: v.baseUrl, tokenUrl: v.tokenUrl, clientId: v.clientId, clientSecret: v.clientSecret ?? '', nightly: v.nightly === 'on' })
  if (!saved) return data<ActionData>({ sourceErrors: { clientSecret: 'roster.secretNeeded' } }, 400)
  return redirectWithToast(request, session, '/roster', { kind: 'success', key: 'roster.sourceSaved' })
}

/** Pulls the roster from the saved server and shows what applying it would change. */
async function pullAction({ scope }: IntentArgs) {
  const pulled = await pullForScope(db, scope, sealingKey(env.SESSION_SECRET))
  if (!pulled.ok) return pulled.errors ? data<ActionData>({ errors: pulled.errors, total: pulled.errors.length }, 502) : data<ActionData>({ pullFailed: pulled.reason }, 502)
  const plan = await planRoster(db, scope, pulled.roster)
  if (plan.errors.length) return data<ActionData>({ errors: plan.errors, total: plan.errors.length }, 400)
  return data<ActionData>({ preview: shown(plan), upload: await keepUpload(db, scope, 'rest', pulled.roster) })
}

/** Applies a kept preview of this scope, then shows its report. */
async function applyAction({ request, session, scope, form }: IntentArgs) {
  const id = String(form.get('upload') ?? '')
  const kept = id ? await keptUpload(db, scope, id) : null
  if (!kept) return data<ActionData>({ message: 'roster.expired' }, 404)
  const result = await applyRoster(db, scope, kept.roster, kept.source)
  if (!result.ok) return data<ActionData>({ errors: result.plan.errors, total: result.plan.errors.length }, 409)
  await dropUpload(db, id)
  const to = result.logId ? `/roster?report=${result.logId}` : '/roster'
  return redirectWithToast(request, session, to, { kind: 'success', key: result.changed ? 'roster.applied' : 'roster.unchanged' })
}

export const clientAction = (args: Route.ClientActionArgs) => sendSafely(args)

export default function RosterPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT()
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting'
  const result = actionData as ActionData | undefined
  if (loaderData.report) return <RosterReport report={loaderData.report} />
  return (
    <section aria-labelledby="roster-title" className="roster-page">
      <h1 id="roster-title">{t('roster.title')}</h1>
      <p>{loaderData.team ? t('roster.scopeTeam', { team: loaderData.team }) : t('roster.scopeOwner')}</p>
      <p>
        <Link to="/roster/classroom">{t('roster.classroomLink')}</Link>
      </p>
      <Form method="post" encType="multipart/form-data" className="card inline-form" aria-labelledby="roster-csv-title">
        <h2 id="roster-csv-title">{t('roster.csvTitle')}</h2>
        <input type="hidden" name="intent" value="preview" />
        <div className="field">
          <label htmlFor="roster-file">{t('roster.file')}</label>
          <input id="roster-file" type="file" name="roster" accept=".zip,application/zip" aria-describedby="roster-file-hint" required />
          <span id="roster-file-hint" className="hint">
            {t('roster.csvHint')}
          </span>
        </div>
        <button type="submit" className="button" disabled={busy}>
          {t('roster.preview')}
        </button>
      </Form>
      {result && 'pullFailed' in result ? (
        <p className="field-error" role="alert">
          {t('roster.pullFailed', { reason: t(`roster.reason_${result.pullFailed as 'token'}`) })}
        </p>
      ) : null}
      {result && 'message' in result ? (
        <p className="field-error" role="alert">
          {t(result.message as 'roster.expired')}
        </p>
      ) : null}
      {result && 'errors' in result ? <RosterErrors errors={result.errors} total={result.total} /> : null}
      {result && 'preview' in result ? (
        <RosterPreview plan={result.preview}>
          <RosterApply upload={result.upload} busy={busy} />
        </RosterPreview>
      ) : null}
      {/* The server's card after the answer: a preview or its errors show right under the file's form, in view. */}
      <SourceCard source={loaderData.source} errors={result && 'sourceErrors' in result ? result.sourceErrors : {}} busy={busy} />
      <section aria-labelledby="roster-log-title" className="card">
        <h2 id="roster-log-title">{t('roster.logTitle')}</h2>
        {loaderData.log.length ? (
          <div className="table-scroll">
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">{t('roster.logWhen')}</th>
                  <th scope="col">{t('roster.logBy')}</th>
                  <th scope="col">{t('roster.logVia')}</th>
                  <th scope="col">{t('roster.logWhat')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t('roster.logOpen')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {loaderData.log.map((l) => (
                  <tr key={l.id}>
                    <td>{formatDateTime(l.at)}</td>
                    <td>{l.by}</td>
                    <td>{t(`roster.via_${l.via}`)}</td>
                    <td>
                      {(['classesAdd', 'studentsAdd', 'studentsChange', 'studentsArchive'] as const)
                        .filter((k) => l.counts[k])
                        .map((k) => t(`roster.${k}`, { count: l.counts[k] }))
                        .join(' · ')}
                    </td>
                    <td>
                      <Link to={`/roster?report=${l.id}`}>{t('roster.logOpen')}</Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p>{t('roster.logEmpty')}</p>
        )}
      </section>
    </section>
  )
}

type Source = Awaited<ReturnType<typeof rosterSourceOf>>

/** The OneRoster service: its address, token address, client id and a secret never shown again; pull now. */
function SourceCard({ source, errors, busy }: { source: Source; errors: Record<string, string>; busy: boolean }) {
  const { t } = useT()
  const field = (name: 'baseUrl' | 'tokenUrl' | 'clientId', value: string | undefined) => (
    <div className="field">
      <label htmlFor={`roster-${name}`}>{t(`roster.${name}`)}</label>
      <input id={`roster-${name}`} name={name} defaultValue={value} required maxLength={300} autoComplete="off" aria-invalid={errors[name] ? true : undefined} aria-describedby={errors[name] ? `roster-${name}-error` : undefined} />
      {errors[name] ? (
        <span id={`roster-${name}-error`}>
          <ErrorText error={errors[name]} />
        </span>
      ) : null}
    </div>
  )
  return (
    <section className="card" aria-labelledby="roster-rest-title">
      <h2 id="roster-rest-title">{t('roster.restTitle')}</h2>
      <p className="hint">{t('roster.restHint')}</p>
      {/* Made again after each save, so that the secret typed never stays in the page. */}
      <Form method="post" className="stack-form" key={source?.updatedAt ?? 'new'}>
        <input type="hidden" name="intent" value="saveSource" />
        {field('baseUrl', source?.baseUrl)}
        {field('tokenUrl', source?.tokenUrl)}
        {field('clientId', source?.clientId)}
        <div className="field">
          <label htmlFor="roster-clientSecret">{t('roster.clientSecret')}</label>
          <input id="roster-clientSecret" name="clientSecret" type="password" autoComplete="new-password" maxLength={500} required={!source} aria-describedby={source ? 'roster-secret-hint' : undefined} aria-invalid={errors.clientSecret ? true : undefined} />
          {source ? (
            <span id="roster-secret-hint" className="hint">
              {t('roster.secretKept')}
            </span>
          ) : null}
          {errors.clientSecret ? <ErrorText error={errors.clientSecret} /> : null}
        </div>
        <div className="field check-field">
          <input id="roster-nightly" type="checkbox" name="nightly" defaultChecked={source?.nightly ?? false} />
          <label htmlFor="roster-nightly">{t('roster.nightly')}</label>
        </div>
        <button type="submit" className="button secondary" disabled={busy}>
          {t('roster.saveSource')}
        </button>
      </Form>
      {source ? (
        <Form method="post" className="inline-form">
          <input type="hidden" name="intent" value="pull" />
          {source.lastPullAt ? <p className="hint">{t('roster.lastPull', { date: formatDateTime(source.lastPullAt) })}</p> : null}
          {source.lastError ? <p className="field-error">{t('roster.lastError', { reason: t(`roster.reason_${source.lastError.split(':')[0] as 'token'}`) })}</p> : null}
          <button type="submit" className="button" disabled={busy}>
            {t('roster.pull')}
          </button>
        </Form>
      ) : null}
    </section>
  )
}
