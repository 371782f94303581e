import type { Route } from './+types/patterns'
import { PeriodPicker } from '~/features/insights/components/period-picker'
import { CopingSection, FeelingSection, PickedPosts, TopicSection } from '~/features/insights/components/patterns-view'
import { insightsScope } from '~/auth/insights-gate.server'
import { patternsPage } from '~/features/insights/patterns-page.server'
import { INSIGHTS_HANDLE, insightsDictionary } from '~/i18n/client-resources'
import { getInstance } from '~/i18n/middleware.server'
import { useT } from '~/i18n/use-t'
import { FastLink } from '~/ui/fast-link'
import { pageMeta } from '~/ui/page-title'
import { PayNotice } from '~/ui/pay'

export const handle = INSIGHTS_HANDLE
export const clientMiddleware = insightsDictionary
export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(loaderData?.title, matches)

/**
 * /diary/homework/{id}/patterns (decision 0049): what comes before a feeling and what the students do
 * with it (the spec's event, emotion and behaviour frames read together), for the class or one
 * student against the class (`?student=`). Its teachers only (the journal gate); the reports' pay
 * function (f8).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const t = getInstance(context).t
  const page = await patternsPage(await insightsScope(context, request), request, t)
  const title = page.student ? t('patterns.studentTitle', { name: page.student.name }) : t('patterns.title')
  return { ...page, title: `${title} | ${page.journal.name}` }
}

type Data = Extract<Route.ComponentProps['loaderData'], { locked: false }>

export default function PatternsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useT()
  const { student, journal } = loaderData
  return (
    <>
      {student ? (
        <nav className="breadcrumbs" aria-label={t('console.breadcrumb')}>
          <FastLink to={`/diary/homework/${journal.id}/patterns`}>{t('patterns.title')}</FastLink> ›{' '}
          <FastLink to={`/diary/homework/${journal.id}/student/${student.id}`}>{student.name}</FastLink>
        </nav>
      ) : null}
      <h1>{student ? t('patterns.studentTitle', { name: student.name }) : t('patterns.title')}</h1>
      <p className="hint">{student ? t('patterns.studentIntro', { name: student.name }) : t('patterns.intro')}</p>
      {loaderData.locked ? <PayNotice /> : <Patterns data={loaderData} />}
    </>
  )
}

function Patterns({ data }: { data: Data }) {
  const { t } = useT()
  const base = `/diary/homework/${data.journal.id}/patterns`
  const to = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(data.keep)
    for (const [k, v] of Object.entries(changes)) if (v === null) next.delete(k)
    else next.set(k, v)
    return `${base}?${next}`
  }
  const pickTo = (pick: string) => `${to({ pick, more: null })}#picked`
  return (
    <div className="report insights">
      <PeriodPicker data={data} base={to} hidden={data.student ? { student: String(data.student.id) } : {}} />
      <p className="row-actions">
        <a className="button small secondary" href={`${base}.xlsx?${data.keep}`} download>
          {t('insights.download')}
        </a>
        {data.student ? <FastLink to={to({ student: null, pick: null, more: null })}>{t('patterns.wholeClass')}</FastLink> : null}
      </p>
      {data.picked ? <PickedPosts picked={data.picked} to={to} /> : null}
      <TopicSection figures={data.figures} finding={data.findings.topics} chart={data.chart} classTopics={data.classTopics} student={data.student} pickTo={pickTo} />
      <FeelingSection feelings={data.feelings} finding={data.findings.feelings} pickTo={pickTo} />
      <CopingSection matrix={data.matrix} finding={data.findings.coping} versus={data.versus} student={data.student} pickTo={pickTo} />
    </div>
  )
}
