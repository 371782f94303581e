import { useSearchParams } from 'react-router'
import { Form } from '~/ui/form'
import type { Route } from './+types/export'
import { db } from '~/db/db.server'
import { checkExport, exportRequestOf, exportStudents } from '~/features/export/export.server'
import { journalOf } from '~/auth/journal-gate.server'
import { PAY_FUNCTIONS } from '~/features/plans/constants'
import { getInstance } from '~/i18n/middleware.server'
import { useT } from '~/i18n/use-t'
import { todayDate } from '~/shared/dates'
import { FastLink } from '~/ui/fast-link'
import { PayNotice } from '~/ui/pay'
import { hasFunction } from '~/features/plans/pay-functions'
import { Dialog } from '~/ui/dialog'
import { pageMeta } from '~/ui/page-title'
import { SCHOOL_HANDLE, schoolDictionary } from '~/i18n/client-resources'

// Its texts are in the part of the pages a teacher opens now and then (locales/README.md).
export const handle = SCHOOL_HANDLE
export const clientMiddleware = schoolDictionary

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(loaderData?.title, matches)

/**
 * /diary/homework/{id}/export (spec 2 export page, f7): the choices, then (?go=1) a check that
 * answers with the dialog the spec names: no date, no data, -13001 for a B-card without comments,
 * or 13000 / 13001 with the link that streams the file.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { journal, user } = journalOf(context)
  const title = `${getInstance(context).t('export.title')} | ${journal.name}`
  if (!hasFunction(user, PAY_FUNCTIONS.export)) return { locked: true as const, title }
  const params = new URL(request.url).searchParams
  const today = todayDate()
  const students = await exportStudents(db, journal.id)
  let result: { dialog: 'no-date' | 'students' | 'no-data' | '-13001' } | { dialog: '13000' | '13001'; posts: number; missing: string[]; file: string } | null = null
  if (params.get('go')) {
    const asked = await exportRequestOf(db, params, journal.id, today)
    if (!asked.ok) result = { dialog: asked.error }
    else {
      const check = await checkExport(db, asked.request)
      const file = new URLSearchParams(params)
      file.delete('go')
      result = check.code === '13000' || check.code === '13001' ? { dialog: check.code, posts: check.posts, missing: check.missing, file: `/diary/homework/${journal.id}/export.xlsx?${file}` } : { dialog: check.code }
    }
  }
  return { locked: false as const, title, journalId: journal.id, today, students, result }
}

export default function ExportPage({ loaderData }: Route.ComponentProps) {
  const { t } = useT()
  const [params] = useSearchParams()
  if (loaderData.locked) {
    return (
      <>
        <h1>{t('export.title')}</h1>
        <PayNotice />
      </>
    )
  }
  const { students, today, result } = loaderData
  const chosen = new Set(params.getAll('sid'))
  const value = (name: string, fallback: string) => params.get(name) ?? fallback
  const close = `?${new URLSearchParams([...params].filter(([k]) => k !== 'go'))}`
  return (
    <>
      <h1>{t('export.title')}</h1>
      <p className="hint">{t('export.intro')}</p>
      {result ? <ResultDialog result={result} close={close} /> : null}
      <Form method="get" className="card export-form">
        <RadioGroup legend={t('export.format')} name="format" chosen={value('format', 'raw')} options={[['raw', t('export.raw')], ['bcard', t('export.bcard')]]} column />
        <div className="field-row">
          <label className="field">
            {t('export.start')}
            <input type="date" name="start" defaultValue={params.get('start') ?? ''} max={today} />
          </label>
          <label className="field">
            {t('export.end')}
            <input type="date" name="end" defaultValue={params.get('end') ?? ''} max={today} />
          </label>
        </div>
        <RadioGroup legend={t('export.students')} name="students" chosen={value('students', 'all')} options={[['all', t('export.all')], ['selected', t('export.selected')]]}>
          <div className="student-picks">
            {students.map((s) => (
              <label key={s.id}>
                <input type="checkbox" name="sid" value={s.id} defaultChecked={chosen.has(String(s.id))} /> {s.name}
              </label>
            ))}
          </div>
        </RadioGroup>
        <div className="field-row">
          <RadioGroup legend={t('export.sort')} name="sort" chosen={value('sort', 'time')} options={[['time', t('export.byTime')], ['name', t('export.byName')]]} />
          <RadioGroup legend={t('export.order')} name="order" chosen={value('order', 'asc')} options={[['asc', t('export.asc')], ['desc', t('export.desc')]]} />
        </div>
        <button className="button" type="submit" name="go" value="1">
          {t('export.check')}
        </button>
      </Form>
    </>
  )
}

/** A radio group of the export form (a plain GET form: the URL keeps the choices). */
function RadioGroup({ legend, name, chosen, options, column, children }: { legend: string; name: string; chosen: string; options: [string, string][]; column?: boolean; children?: React.ReactNode }) {
  return (
    <fieldset className="field">
      <legend>{legend}</legend>
      <div className={column ? 'choices column' : 'choices'}>
        {options.map(([v, label]) => (
          <label key={v}>
            <input type="radio" name={name} value={v} defaultChecked={chosen === v} /> {label}
          </label>
        ))}
      </div>
      {children}
    </fieldset>
  )
}

type Result = NonNullable<Extract<Route.ComponentProps['loaderData'], { locked: false }>['result']>

/** The dialog the check answers with: a problem, or the file being generated and its link. */
function ResultDialog({ result, close }: { result: Result; close: string }) {
  const { t } = useT()
  const problem = { 'no-date': ['export.noDateTitle', 'export.noDate'], students: ['export.noDateTitle', 'export.chooseStudents'], 'no-data': ['export.noDataTitle', 'export.noData'], '-13001': ['export.noCommentTitle', 'export.noComment'] } as const
  if (result.dialog === '13000' || result.dialog === '13001') {
    return (
      <Dialog title={result.dialog === '13000' ? t('export.generating', { count: result.posts }) : t('export.generatingNotAll', { count: result.posts, names: result.missing.join(', ') })} closeTo={close} className="ready">
        <p className="form-actions">
          <a className="button" href={result.file} download>
            {t('export.download')}
          </a>
          <FastLink to={close}>{t('export.close')}</FastLink>
        </p>
      </Dialog>
    )
  }
  const [title, text] = problem[result.dialog]
  return (
    <Dialog title={t(title)} closeTo={close} alert>
      <p>{t(text)}</p>
      <FastLink to={close}>{t('export.close')}</FastLink>
    </Dialog>
  )
}
