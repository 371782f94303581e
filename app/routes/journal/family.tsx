import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, Link } from 'react-router'
import { Form } from '~/ui/form'
import type { z } from 'zod/mini'
import type { Route } from './+types/family'
import { redirectWithToast } from '~/auth/toast.server'
import { db } from '~/db/db.server'
import { env } from '~/env.server'
import { idField } from '~/features/form-ids.server'
import { journalOf } from '~/auth/journal-gate.server'
import { makePack, needsConsent, packChoices, packsOf, revokePack, sharePack, studentPack } from '~/features/privacy/family-pack.server'
import { FamilyPackSchema, PACK } from '~/features/privacy/schema'
import { journalStudent } from '~/features/students/list.server'
import { readForm } from '~/http/form.server'
import { PRIVACY_HANDLE, privacyDictionary } from '~/i18n/client-resources'
import { getInstance, getLocale } from '~/i18n/middleware.server'
import { useT } from '~/i18n/use-t'
import { formatDateTime } from '~/shared/dates'
import { Check } from '~/ui/check-field'
import { CopyButton } from '~/ui/copy-button'
import { ErrorList, TextAreaField, TextField } from '~/ui/field'
import { useConsoleForm } from '~/ui/form-kit'
import { HeldBackFieldset, type HeldBackView } from '~/ui/held-back'
import { pageMeta } from '~/ui/page-title'
import { HOLD_BACK_DAYS } from '~/features/alerts/constants'
import { once } from '~/http/once.server'
import { sendSafely } from '~/ui/send-safely'

export const handle = PRIVACY_HANDLE
export const clientMiddleware = privacyDictionary
export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(loaderData?.title, matches)

/**
 * /diary/homework/{id}/student/{sid}/family (decision 0047): a family pack for a parent meeting. A
 * teacher of the journal picks posts and writes a note; the console makes a PDF (the posts as
 * drawn, the student's mood over the period, the note) and, when asked, a share link behind a
 * password that ends (7 days by default, 30 at most), opened once the student agrees where the
 * journal asks for it. The journal's teachers only (the journal gate).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { journal } = journalOf(context)
  const student = await journalStudent(db, journal.id, params.sid)
  const [choices, packs, consent] = await Promise.all([packChoices(db, journal.id, student.id), packsOf(db, journal.id, student.id), needsConsent(db, journal.id, student.id)])
  return { title: `${getInstance(context).t('familyPack.title')} | ${student.name}`, journalId: journal.id, student: { id: student.id, name: student.name }, choices: choices.posts, heldBack: choices.heldBack, packs: packs.map((p) => ({ ...p, url: p.token ? `${env.PUBLIC_ORIGIN}/family/${p.token}` : null })), consent }
}

export const action = once(async function action({ request, params, context }: Route.ActionArgs) {
  const { journal, user, session } = journalOf(context)
  const student = await journalStudent(db, journal.id, params.sid)
  const form = await readForm(request)
  const args: IntentArgs = { request, context, session, form, journalId: journal.id, userId: user.userId, studentId: student.id, here: `/diary/homework/${journal.id}/student/${student.id}/family` }
  switch (form.get('intent')) {
    case 'make':
      return makeAction(args)
    case 'revoke':
      return revokeAction(args)
    default:
      throw data(null, { status: 400 })
  }
})

interface IntentArgs {
  request: Request
  context: Route.ActionArgs['context']
  session: ReturnType<typeof journalOf>['session']
  form: FormData
  journalId: number
  userId: number
  studentId: number
  here: string
}

/** Makes a pack of the chosen posts, and shares its link when asked. */
async function makeAction({ request, context, session, form, journalId, userId, studentId, here }: IntentArgs) {
  const submission = parseWithZod(form, { schema: FamilyPackSchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, 400)
  const v = submission.value
  const made = await makePack(db, { journalId, studentId, userId, postIds: (v.posts ?? []).map(Number), putBack: (v.putBack ?? []).map(Number), note: v.note ?? '', lang: getLocale(context), t: getInstance(context).t })
  if (!made.ok) return data({ result: submission.reply({ fieldErrors: { posts: [made.error] } }) }, 400)
  // A post that came under an alert while the teacher chose (decision 0063): left out, and said so.
  if (made.leftOut.length > 0) return await redirectWithToast(request, session, here, { kind: 'info', key: 'familyPack.madeLeftOut', values: { count: made.leftOut.length } })
  if (!v.share) return await redirectWithToast(request, session, here, { kind: 'success', key: 'familyPack.madeToast' })
  const consentNeeded = await needsConsent(db, journalId, studentId)
  await sharePack(db, made.id, { days: Number(v.days || PACK.daysDefault), password: v.password!, consentNeeded })
  return await redirectWithToast(request, session, here, { kind: 'success', key: consentNeeded ? 'familyPack.sharedAsk' : 'familyPack.shared' })
}

/** Stops the link of one of this student's packs; another's pack is not found. */
async function revokeAction({ request, session, form, journalId, studentId, here }: IntentArgs) {
  const pack = await studentPack(db, { packId: idField(form, 'packId'), journalId, studentId })
  if (!pack) throw data(null, { status: 404 })
  await revokePack(db, pack.id)
  return await redirectWithToast(request, session, here, { kind: 'success', key: 'familyPack.revoked' })
}

// A send that fails in the network keeps the page and says so (decision 0072, ui/send-safely.ts).
export const clientAction = (args: Route.ClientActionArgs) => sendSafely(args)

export default function FamilyPackPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT()
  const { journalId, student, choices, heldBack, packs, consent } = loaderData
  const base = `/diary/homework/${journalId}/student/${student.id}`
  return (
    <>
      <nav className="breadcrumbs" aria-label={t('privacy.breadcrumb')}>
        <Link to={base}>{student.name}</Link> › <span>{t('familyPack.title')}</span>
      </nav>
      <h1>{t('familyPack.heading', { name: student.name })}</h1>
      <p className="hint">{t('familyPack.intro')}</p>
      <PackForm journalId={journalId} choices={choices} heldBack={heldBack} consent={consent} lastResult={actionData?.result} />
      <section aria-labelledby="packs">
        <h2 id="packs">{t('familyPack.packs')}</h2>
        {packs.length === 0 ? (
          <p className="empty">{t('familyPack.none')}</p>
        ) : (
          <table className="table">
            <thead>
              <tr>
                <th scope="col">{t('familyPack.made')}</th>
                <th scope="col">{t('familyPack.periodColumn')}</th>
                <th scope="col">{t('familyPack.linkColumn')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('familyPack.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {packs.map((p) => (
                <tr key={p.id}>
                  <td className="nowrap">
                    {formatDateTime(p.createdAt)}
                    <br />
                    <span className="hint">{p.by}</span>
                  </td>
                  <td>
                    {p.from} – {p.to} <span className="hint">{t('familyPack.postCount', { count: p.posts })}</span>
                  </td>
                  <td>
                    <span className={`badge link-${p.link}`}>{t(`familyPack.link_${p.link}`, { date: p.expiresAt ? formatDateTime(p.expiresAt) : '' })}</span>
                    {p.url && (p.link === 'open' || p.link === 'waiting') ? (
                      <p className="share-url">
                        <code>{p.url}</code> <CopyButton text={p.url} />
                      </p>
                    ) : null}
                  </td>
                  <td>
                    <a href={`${base}/family/${p.id}/pack.pdf`} download>
                      {t('familyPack.download')}
                    </a>
                    {p.link === 'open' || p.link === 'waiting' || p.link === 'declined' ? (
                      <Form method="post">
                        <input type="hidden" name="intent" value="revoke" />
                        <input type="hidden" name="packId" value={p.id} />
                        <button className="button small secondary" type="submit">
                          {t('familyPack.revoke')}
                        </button>
                      </Form>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </>
  )
}

/** A checkbox group's value as conform gives it back: none, one or several. */
const asList = (value: unknown) => (value === undefined || value === null ? [] : [value].flat().map(String))

const loadPack = () => import('~/features/privacy/validate').then((m) => m.validateFamilyPack)

function PackForm({ journalId, choices, heldBack, consent, lastResult }: { journalId: number; choices: { id: number; title: string; diaryDate: string }[]; heldBack: HeldBackView[]; consent: boolean; lastResult?: SubmissionResult<string[]> }) {
  const { t } = useT()
  const { form, fields, formProps, busy } = useConsoleForm<z.input<typeof FamilyPackSchema>>({ id: 'family-pack', lastResult, defaultValue: { days: String(PACK.daysDefault) }, load: loadPack })
  const chosen = new Set(asList(fields.posts.value))
  return (
    <Form method="post" className="card" {...formProps}>
      <input type="hidden" name="intent" value="make" />
      <fieldset className="field">
        <legend>{t('familyPack.choose', { max: PACK.postsMax })}</legend>
        {choices.length === 0 && heldBack.length === 0 ? <p className="empty">{t('familyPack.noPosts')}</p> : null}
        <div className="choices pack-posts">
          {choices.map((c) => (
            <label key={c.id}>
              <input type="checkbox" name={fields.posts.name} value={c.id} defaultChecked={chosen.has(String(c.id))} aria-invalid={fields.posts.errors ? true : undefined} /> {c.diaryDate} · {c.title}
            </label>
          ))}
        </div>
        <HeldBackFieldset posts={heldBack} journalId={journalId} checked={asList(fields.putBack.value)} hint={t('heldBack.hint_pack', { count: HOLD_BACK_DAYS })} />
        <ErrorList id={fields.posts.errorId} errors={fields.posts.errors} />
      </fieldset>
      <TextAreaField field={fields.note} label={t('familyPack.note')} hint={t('familyPack.noteHint', { count: PACK.noteMax })} maxLength={PACK.noteMax} rows={4} />
      <fieldset className="field group">
        <legend>{t('familyPack.shareLegend')}</legend>
        <Check field={fields.share} label={t('familyPack.shareToo')} hint={consent ? t('familyPack.consentNeeded') : t('familyPack.consentNotNeeded')} />
        <div className="field-row" data-follows={fields.share.value === 'on' ? 'on' : 'off'}>
          <TextField field={fields.days} label={t('familyPack.days')} hint={t('familyPack.daysHint', { max: PACK.daysMax })} inputProps={{ type: 'number', inputMode: 'numeric', min: 1, max: PACK.daysMax } as object} />
          <TextField field={fields.password} type="password" label={t('familyPack.password')} hint={t('familyPack.passwordHint', { min: PACK.passwordMin, count: PACK.passwordMax })} inputProps={{ autoComplete: 'new-password' }} />
        </div>
      </fieldset>
      <ErrorList errors={form.errors} />
      <button className="button" type="submit" disabled={busy}>
        {t('familyPack.make')}
      </button>
    </Form>
  )
}
