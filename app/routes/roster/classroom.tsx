import { data, Link, useNavigation } from 'react-router'
import { once } from '~/http/once.server'
import { Form } from '~/ui/form'
import { sendSafely } from '~/ui/send-safely'
import type { Route } from './+types/classroom'
import { requireUser } from '~/auth/guards.server'
import { configuredPlatforms } from '~/auth/providers.server'
import { commitSession, getSession } from '~/auth/session.server'
import { db } from '~/db/db.server'
import { env } from '~/env.server'
import { planCounts, planRoster, type RosterPlan } from '~/features/roster/apply.server'
import { ClassroomError, classroomCourses, classroomRoster } from '~/features/roster/classroom.server'
import { classroomTargets, keepUpload, rosterScopeOf } from '~/features/roster/uploads.server'
import { readForm } from '~/http/form.server'
import { SCHOOL_HANDLE, schoolDictionary } from '~/i18n/client-resources'
import { getInstance } from '~/i18n/middleware.server'
import { useT } from '~/i18n/use-t'
import { pageMeta } from '~/ui/page-title'
import { RosterApply, RosterErrors, RosterPreview, type ShownPlan } from '~/ui/roster-view'

export const handle = SCHOOL_HANDLE
export const clientMiddleware = schoolDictionary

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(loaderData?.title, matches)

/** The token of the teacher's Google link for Classroom, while it lasts (a minute to spare). */
async function accessOf(request: Request, context: Route.LoaderArgs['context']) {
  const session = await getSession(request, context)
  const access = session.get('classroomAccess')
  return access && access.expiresAt > Date.now() + 60_000 ? access : null
}

async function scopeOf(request: Request, context: Route.LoaderArgs['context']) {
  const { user } = await requireUser(request, context)
  const scope = await rosterScopeOf(db, user)
  if (!scope) throw data({ message: 'roster.forbidden' }, 403)
  return scope
}

/** /roster/classroom (decision 0077): a teacher links Google, picks one of their Classroom courses and imports its students. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const scope = await scopeOf(request, context)
  const title = getInstance(context).t('roster.classroomTitle')
  const google = configuredPlatforms().includes('google')
  const access = await accessOf(request, context)
  // The courses imported before, and their journals: "sync again".
  const { journals, linked } = await classroomTargets(db, scope)
  if (!google || !access) return { title, google, connected: false as const, journals, linked, courses: [], failure: null }
  try {
    return { title, google, connected: true as const, journals, linked, courses: await classroomCourses(env.CLASSROOM_API_URL, access.accessToken), failure: null }
  } catch (e) {
    if (!(e instanceof ClassroomError)) throw e
    if (e.reason === 'token') {
      const session = await getSession(request, context)
      session.unset('classroomAccess')
      return data({ title, google, connected: false as const, journals, linked, courses: [], failure: e.reason }, { headers: { 'Set-Cookie': await commitSession(request, session) } })
    }
    return { title, google, connected: true as const, journals, linked, courses: [], failure: e.reason }
  }
}

function shown(plan: RosterPlan): ShownPlan {
  const names = <T extends { name: string; kana?: string; was?: string }>(list: T[]) => list.slice(0, 50).map((p) => ({ name: p.name, kana: p.kana || undefined, was: p.was }))
  return {
    counts: planCounts(plan),
    classes: { add: names(plan.classes.add), match: names(plan.classes.match), change: names(plan.classes.change), archive: names(plan.classes.archive) },
    students: { add: names(plan.students.add), match: names(plan.students.match), change: names(plan.students.change), archive: names(plan.students.archive) },
    teachers: { add: [], archive: [], unmatched: [] },
  }
}

export const action = once(async function action({ request, context }: Route.ActionArgs) {
  const scope = await scopeOf(request, context)
  const access = await accessOf(request, context)
  // No Google link (or it expired): refused before the form is read, the page says to link it again.
  if (!access) return data({ failure: 'token' as string }, 403)
  const form = await readForm(request)
  const courseId = String(form.get('courseId') ?? '')
  const target = String(form.get('target') ?? 'new')
  const journalId = /^\d+$/.test(target) ? Number(target) : undefined
  try {
    const roster = await classroomRoster(env.CLASSROOM_API_URL, access.accessToken, courseId, journalId)
    const plan = await planRoster(db, scope, roster)
    if (plan.errors.length) return data({ errors: plan.errors, total: plan.errors.length }, 400)
    return { preview: shown(plan), upload: await keepUpload(db, scope, 'classroom', roster) }
  } catch (e) {
    if (e instanceof ClassroomError) return data({ failure: e.reason as string }, 502)
    throw e
  }
})

export const clientAction = (args: Route.ClientActionArgs) => sendSafely(args)

export default function ClassroomPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT()
  const busy = useNavigation().state === 'submitting'
  const failure = (actionData && 'failure' in actionData ? actionData.failure : null) ?? loaderData.failure
  const journalOf = new Map(loaderData.linked.map((l) => [l.courseId, l.journalId]))
  return (
    <section aria-labelledby="classroom-title" className="roster-page">
      <h1 id="classroom-title">{t('roster.classroomTitle')}</h1>
      <p>
        <Link to="/roster">{t('roster.backToRosters')}</Link>
      </p>
      {failure ? (
        <p className="field-error" role="alert">
          {t(`roster.classroomFailed_${failure as 'token'}`)}
        </p>
      ) : null}
      {!loaderData.google ? (
        <p>{t('roster.classroomNoGoogle')}</p>
      ) : !loaderData.connected ? (
        <Form method="post" action="/oauth/login/google" reloadDocument className="card inline-form">
          <p>{t('roster.classroomConnectHint')}</p>
          <input type="hidden" name="intent" value="classroom" />
          <button type="submit" className="button">
            {t('roster.classroomConnect')}
          </button>
        </Form>
      ) : loaderData.courses.length === 0 ? (
        <p>{t('roster.classroomNoCourses')}</p>
      ) : (
        <Form method="post" className="card stack-form">
          <fieldset>
            <legend>{t('roster.classroomCourse')}</legend>
            {loaderData.courses.map((c, i) => (
              <div key={c.id} className="check-field">
                <input type="radio" id={`course-${c.id}`} name="courseId" value={c.id} defaultChecked={i === 0} />
                <label htmlFor={`course-${c.id}`}>
                  {c.name}
                  {journalOf.has(c.id) ? <span className="hint"> ({t('roster.classroomImported')})</span> : null}
                </label>
              </div>
            ))}
          </fieldset>
          <div className="field">
            <label htmlFor="classroom-target">{t('roster.classroomTarget')}</label>
            <select id="classroom-target" name="target" defaultValue="new">
              <option value="new">{t('roster.classroomNewJournal')}</option>
              {loaderData.journals.map((j) => (
                <option key={j.id} value={j.id}>
                  {j.name}
                </option>
              ))}
            </select>
            <span className="hint">{t('roster.classroomTargetHint')}</span>
          </div>
          <button type="submit" className="button" disabled={busy}>
            {t('roster.preview')}
          </button>
        </Form>
      )}
      {actionData && 'errors' in actionData ? <RosterErrors errors={actionData.errors} total={actionData.total} /> : null}
      {actionData && 'preview' in actionData ? (
        <RosterPreview plan={actionData.preview}>
          <RosterApply upload={actionData.upload} busy={busy} />
        </RosterPreview>
      ) : null}
    </section>
  )
}
