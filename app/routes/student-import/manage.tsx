import { pageParam } from '~/shared/lists'
import { useState } from 'react'
import { data, Link, useNavigation } from 'react-router'
import { Form } from '~/ui/form'
import type { Route } from './+types/manage'
import { requireUser } from '~/auth/guards.server'
import { db } from '~/db/db.server'
import { idField, idFields } from '~/features/form-ids.server'
import { cleanRow, IMPORT_CODES, IMPORT_FIELDS, ImportJournalSchema, rowErrors, UPLOAD_CODES, type ImportRow } from '~/features/students/import-rows'
import { duplicateAccounts, readImportFile, submitImport } from '~/features/students/import.server'
import { assignStudents, deleteStudents, journalChoices, ownClasses, ownStudents } from '~/features/students/roster.server'
import { normalizeAccount } from '~/features/auth/account-name'
import { getInstance } from '~/i18n/middleware.server'
import { useT } from '~/i18n/use-t'
import { useHydrated } from '~/ui/hydrated'
import { Pager } from '~/ui/pager'
import { redirectWithToast } from '~/auth/toast.server'
import { pageMeta } from '~/ui/page-title'
import { readUpload, TOO_LARGE } from '~/http/form.server'
import { ErrorText } from '~/ui/field'
import { SCHOOL_HANDLE, schoolDictionary } from '~/i18n/client-resources'
import { once } from '~/http/once.server'
import { sendSafely } from '~/ui/send-safely'

export const handle = SCHOOL_HANDLE
export const clientMiddleware = schoolDictionary

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(loaderData?.title, matches)

/** /student: import a class from a CSV file, and the students of one's classes (spec 1 sections 2 to 5). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireUser(request, context)
  const params = new URL(request.url).searchParams
  const classId = Number(params.get('class')) || null
  const page = pageParam(params)
  return {
    classes: await ownClasses(db, user.userId),
    classId,
    page,
    roster: await ownStudents(db, user.userId, classId, page),
    journals: await journalChoices(db, user.userId),
    title: getInstance(context).t('import.title'),
  }
}

type Preview = { rows: ImportRow[]; errors: Partial<Record<keyof ImportRow, string>>[]; dups: string[]; message: string | null }
const previewOf = (rows: ImportRow[], extra: Partial<Preview> = {}): { preview: Preview } => ({ preview: { rows, errors: [], dups: [], message: null, ...extra } })

const UPLOAD_ERRORS: Record<number, string> = { [UPLOAD_CODES.tooMany]: 'import.tooMany', [UPLOAD_CODES.valueError]: 'import.valueError', [UPLOAD_CODES.encoding]: 'import.encoding', [UPLOAD_CODES.tooBig]: 'import.fileTooBig' }

/** The preview form posts every row back: the rows live in the page, so it works without JavaScript. */
function rowsOf(form: FormData): ImportRow[] {
  const columns = IMPORT_FIELDS.map((f) => form.getAll(f).map(String))
  return columns[0].map((_, i) => cleanRow(Object.fromEntries(IMPORT_FIELDS.map((f, j) => [f, columns[j][i] ?? ''])) as unknown as ImportRow))
}

export const action = once(async function action({ request, context }: Route.ActionArgs) {
  const { session, user } = await requireUser(request, context)
  const form = await readUpload(request)
  // Only the upload form sends a file: over the limits, it is shown again with its message.
  if (form === TOO_LARGE) return data({ uploadError: 'import.fileTooBig' }, 413)
  const done = async (key: string, values?: Record<string, string | number>, kind: 'success' | 'error' = 'success') => {
    return await redirectWithToast(request, session, '/student', { kind, key, values })
  }
  const args: IntentArgs = { form, user, done }
  // A preview row's delete button is named for its row, not for an intent.
  switch (form.get('intent') ?? (form.has('deleteRow') ? 'deleteRow' : null)) {
    case 'upload':
      return uploadAction(args)
    case 'delete':
      return deleteAction(args)
    case 'assign':
      return assignAction(args)
    case 'deleteRow':
      return deleteRowAction(args)
    case 'check':
      return previewAction(args, { submit: false })
    case 'submit':
      return previewAction(args, { submit: true })
    default:
      throw data(null, { status: 400 })
  }
})

interface IntentArgs {
  form: FormData
  user: Awaited<ReturnType<typeof requireUser>>['user']
  done: (key: string, values?: Record<string, string | number>, kind?: 'success' | 'error') => Promise<Response>
}

/** Reads the class file into a preview. */
async function uploadAction({ form }: IntentArgs) {
  const file = form.get('file')
  if (!(file instanceof File) || file.size === 0) return data({ uploadError: 'validation.required' }, 400)
  const read = await readImportFile(file)
  if (!read.ok) return data({ uploadError: UPLOAD_ERRORS[read.code] ?? 'import.fileError' }, 400)
  return previewOf(read.rows)
}

async function deleteAction({ form, user, done }: IntentArgs) {
  const ids = idFields(form, 'ids')
  if (!ids.length) return done('import.noneSelected', undefined, 'error')
  return done('import.deleted', { count: await deleteStudents(db, user.userId, ids) })
}

async function assignAction({ form, user, done }: IntentArgs) {
  const ids = idFields(form, 'ids')
  if (!ids.length) return done('import.noneSelected', undefined, 'error')
  const result = await assignStudents(db, user.userId, ids, idField(form, 'journalId'))
  if (result.code === IMPORT_CODES.ok) return done('import.assigned', { count: result.added })
  return done(result.code === IMPORT_CODES.overLimit ? 'import.notEnoughTickets' : 'import.journalError', undefined, 'error')
}

/** Takes one row out of the preview; an empty preview is cleared (spec 1 section 4). */
function deleteRowAction({ form }: IntentArgs) {
  const deleteRow = Number(form.get('deleteRow'))
  const rows = rowsOf(form).filter((_, i) => i !== deleteRow)
  return rows.length ? previewOf(rows) : { preview: null }
}

/** Checks the preview's rows and, when asked and they pass, imports them. */
async function previewAction({ form, user, done }: IntentArgs, { submit }: { submit: boolean }) {
  const rows = rowsOf(form)
  const errors = rows.map(rowErrors)
  const invalid = errors.some((e) => Object.keys(e).length)
  const dups = await duplicateAccounts(db, rows)
  if (!submit || invalid || dups.length) {
    const message = invalid ? 'import.fixRows' : dups.length ? 'import.duplicates' : 'import.checked'
    return data(previewOf(rows, { errors, dups, message }), invalid || dups.length ? 400 : 200)
  }
  const journalName = ImportJournalSchema.safeParse({ journalName: form.get('journalName') ?? undefined }).data?.journalName ?? ''
  const existing = form.get('target') === 'existing'
  if (!existing && !journalName) return data(previewOf(rows, { message: 'import.journalNameRequired' }), 400)
  const target = existing ? { journalId: idField(form, 'journalId') } : { journalName }
  const result = await submitImport(db, { userId: user.userId, planLimit: user.studentLimit }, rows, target)
  if (result.code === IMPORT_CODES.ok) return done('import.imported', { count: result.created })
  const message = result.code === IMPORT_CODES.journalError ? 'import.journalError' : result.dupAccounts?.length ? 'import.duplicates' : result.code === IMPORT_CODES.invalidRows ? 'import.fixRows' : 'import.overLimit'
  return data(previewOf(rows, { dups: result.dupAccounts ?? [], message }), 400)
}

// A send that fails in the network keeps the page and says so (decision 0072, ui/send-safely.ts).
export const clientAction = (args: Route.ClientActionArgs) => sendSafely(args)

export default function StudentsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT()
  const preview = actionData && 'preview' in actionData ? actionData.preview : null
  return (
    <section aria-labelledby="import-title">
      <h1 id="import-title">{t('import.title')}</h1>
      <UploadCard error={actionData && 'uploadError' in actionData ? actionData.uploadError : null} />
      {preview ? <PreviewForm key={JSON.stringify(preview)} preview={preview} journals={loaderData.journals} /> : null}
      <Roster data={loaderData} />
    </section>
  )
}

function UploadCard({ error }: { error: string | null }) {
  const { t } = useT()
  const navigation = useNavigation()
  return (
    <Form method="post" encType="multipart/form-data" className="card inline-form">
      <input type="hidden" name="intent" value="upload" />
      <div className="field">
        <label htmlFor="import-file">{t('import.file')}</label>
        <input id="import-file" type="file" name="file" accept=".csv,text/csv" aria-describedby="import-file-hint" aria-invalid={error ? true : undefined} />
        <span id="import-file-hint" className="hint">
          {t('import.fileHint')} <a href="/student/sample.csv">{t('import.sample')}</a>
        </span>
        {error ? (
          <p className="field-error" role="alert">
            {t(error as 'import.fileError')}
          </p>
        ) : null}
      </div>
      <button type="submit" className="button" disabled={navigation.state === 'submitting'}>
        {t('import.preview')}
      </button>
    </Form>
  )
}

const FIELD_LABELS = { year: 'import.year', grade: 'import.grade', classNo: 'import.classNo', name: 'import.name', account: 'import.account', password: 'import.password' } as const

function PreviewForm({ preview, journals }: { preview: Preview; journals: { id: number; name: string; free: number }[] }) {
  const { t } = useT()
  const hydrated = useHydrated()
  const navigation = useNavigation()
  // A row's marks clear once it is edited (spec 1 section 5); the server checks it again.
  const [edited, setEdited] = useState<Set<number>>(new Set())
  const [target, setTarget] = useState<'existing' | 'new'>(journals.length ? 'existing' : 'new')
  const [journalId, setJournalId] = useState(journals[0]?.id ?? 0)
  const dups = new Set(preview.dups)
  const free = journals.find((j) => j.id === journalId)?.free ?? 0
  const notEnough = hydrated && target === 'existing' && preview.rows.length > free
  return (
    <Form method="post" className="card import-preview" aria-labelledby="preview-title">
      <h2 id="preview-title">{t('import.previewTitle', { count: preview.rows.length })}</h2>
      {preview.message ? (
        <p className={preview.message === 'import.checked' ? 'field-ok' : 'field-error'} role={preview.message === 'import.checked' ? 'status' : 'alert'}>
          {t(preview.message as 'import.checked')}
        </p>
      ) : null}
      <div className="table-scroll">
        <table className="table">
          <thead>
            <tr>
              {IMPORT_FIELDS.map((f) => (
                <th key={f} scope="col">
                  {t(FIELD_LABELS[f])}
                </th>
              ))}
              <th scope="col">
                <span className="visually-hidden">{t('import.rowActions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {preview.rows.map((row, i) => {
              const marked = !edited.has(i)
              const errors = marked ? (preview.errors[i] ?? {}) : {}
              const dup = marked && dups.has(normalizeAccount(row.account))
              return (
                <tr key={i} className={dup || Object.keys(errors).length ? 'marked' : undefined} onInput={() => setEdited((s) => new Set(s).add(i))}>
                  {IMPORT_FIELDS.map((f) => (
                    <td key={f}>
                      <input name={f} defaultValue={row[f]} aria-label={`${t(FIELD_LABELS[f])} ${i + 1}`} aria-invalid={errors[f] || (f === 'account' && dup) ? true : undefined} size={f === 'name' || f === 'account' || f === 'password' ? 14 : 5} />
                      {errors[f] ? <ErrorText error={errors[f]} /> : null}
                      {f === 'account' && dup ? <span className="field-error">{t('import.duplicateAccount')}</span> : null}
                    </td>
                  ))}
                  <td>
                    <button type="submit" name="deleteRow" value={i} className="button small secondary" formNoValidate>
                      {t('import.deleteRow')}
                    </button>
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
      </div>
      <fieldset className="field">
        <legend>{t('import.assignTitle')}</legend>
        <div className="choices">
          <label>
            <input type="radio" name="target" value="existing" checked={target === 'existing'} onChange={() => setTarget('existing')} disabled={!journals.length} /> {t('import.existingJournal')}
          </label>
          <select name="journalId" aria-label={t('import.existingJournal')} value={journalId} onChange={(e) => setJournalId(Number(e.currentTarget.value))}>
            {journals.map((j) => (
              <option key={j.id} value={j.id}>
                {t('import.journalOption', { name: j.name, count: j.free })}
              </option>
            ))}
          </select>
          <label>
            <input type="radio" name="target" value="new" checked={target === 'new'} onChange={() => setTarget('new')} /> {t('import.newJournal')}
          </label>
          <input name="journalName" aria-label={t('import.newJournalName')} placeholder={t('import.newJournalName')} maxLength={50} />
        </div>
        {notEnough ? (
          <p className="field-error" role="alert">
            {t('import.notEnoughTickets')}
          </p>
        ) : null}
      </fieldset>
      <div className="form-actions">
        <button type="submit" name="intent" value="check" className="button secondary" disabled={navigation.state === 'submitting'}>
          {t('import.check')}
        </button>
        <button type="submit" name="intent" value="submit" className="button" disabled={navigation.state === 'submitting' || notEnough}>
          {t('import.submit')}
        </button>
        <Link to="/student">{t('import.discard')}</Link>
      </div>
    </Form>
  )
}

function Roster({ data: d }: { data: Route.ComponentProps['loaderData'] }) {
  const { t } = useT()
  const { roster, classes, classId, journals } = d
  return (
    <div className="roster">
      <h2>{t('import.rosterTitle')}</h2>
      <Form method="get" className="inline-form">
        <div className="field">
          <label htmlFor="class-filter">{t('import.classFilter')}</label>
          <select id="class-filter" name="class" defaultValue={classId ?? ''}>
            <option value="">{t('import.allClasses')}</option>
            {classes.map((c) => (
              <option key={c.id} value={c.id}>
                {t('import.classOption', { year: c.schoolYear, grade: c.grade, classNo: c.classNo })}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button secondary">
          {t('import.filter')}
        </button>
      </Form>
      {roster.rows.length === 0 ? (
        <p className="empty">{t('import.noStudents')}</p>
      ) : (
        <Form method="post" id="roster">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">
                  <span className="visually-hidden">{t('import.select')}</span>
                </th>
                <th scope="col">{t('import.class')}</th>
                <th scope="col">{t('import.name')}</th>
                <th scope="col">{t('import.account')}</th>
              </tr>
            </thead>
            <tbody>
              {roster.rows.map((s) => (
                <tr key={s.id}>
                  <td>
                    <input type="checkbox" name="ids" value={s.id} aria-label={t('import.selectStudent', { name: s.name ?? s.account })} />
                  </td>
                  <td>{t('import.classOption', { year: s.schoolYear, grade: s.grade, classNo: s.classNo })}</td>
                  <td>{s.name}</td>
                  <td>{s.account}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="form-actions">
            <label className="field inline">
              <span>{t('import.assignTo')}</span>
              <select name="journalId">
                {journals.map((j) => (
                  <option key={j.id} value={j.id}>
                    {t('import.journalOption', { name: j.name, count: j.free })}
                  </option>
                ))}
              </select>
            </label>
            <button type="submit" name="intent" value="assign" className="button secondary" disabled={!journals.length}>
              {t('import.assign')}
            </button>
            <details className="confirm-inline">
              <summary className="button danger">{t('import.deleteSelected')}</summary>
              <p>{t('import.deleteConfirm')}</p>
              <button type="submit" name="intent" value="delete" className="button danger">
                {t('import.deleteYes')}
              </button>
            </details>
          </div>
        </Form>
      )}
      <Pager page={roster.page} totalPages={roster.totalPages} />
    </div>
  )
}
