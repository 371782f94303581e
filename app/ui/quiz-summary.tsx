import { useT } from '~/i18n/use-t'
import { FastLink } from './fast-link'

export interface QuizSummaryData {
  title: string
  round: number
  answered: number
  average: number | null
  questions: { title: string; chart: string; options: { grade: number; text: string; count: number; percent: number }[] }[]
  changes: { firstRound: number; lastRound: number; changes: { userId: number; userName: string; before: number; after: number; change: number; uuid: string }[] } | null
}

/**
 * A run's summary (decision 0036): per question a bar chart drawn on the server and its figures
 * table (the chart's text equivalent); for a quiz run more than once, each student's change in total.
 */
export function QuizSummary({ summary, resultHref }: { summary: QuizSummaryData; resultHref: (uuid: string) => string }) {
  const { t } = useT()
  return (
    <section className="card quiz-summary" aria-labelledby="quiz-summary-title">
      <h2 id="quiz-summary-title">{t('quiz.summaryTitle', { title: summary.title, round: summary.round })}</h2>
      {summary.answered === 0 ? (
        <p className="empty">{t('quiz.noAnswers')}</p>
      ) : (
        <>
          <p className="hint">{t('quiz.answeredCount', { count: summary.answered, average: summary.average?.toFixed(2) })}</p>
          {summary.questions.map((q, i) => (
            <div className="quiz-question" key={i}>
              <h3>{t('quiz.chartTitle', { n: i + 1, title: q.title })}</h3>
              <div className="quiz-question-body">
                <figure className="chart" dangerouslySetInnerHTML={{ __html: q.chart }} />
                <table className="table row-heads">
                  <thead>
                    <tr>
                      <th scope="col">{t('quiz.colOption')}</th>
                      <th scope="col" className="number">{t('quiz.colGrade')}</th>
                      <th scope="col" className="number">{t('quiz.colCount')}</th>
                      <th scope="col" className="number">{t('quiz.colPercent')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {q.options.map((o) => (
                      <tr key={o.grade}>
                        <th scope="row">{o.text}</th>
                        <td className="number">{o.grade}</td>
                        <td className="number">{o.count}</td>
                        <td className="number">{o.percent}%</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </div>
          ))}
        </>
      )}
      {summary.changes ? (
        <div className="quiz-changes">
          <h3>{t('quiz.changeTitle', { first: summary.changes.firstRound, last: summary.changes.lastRound })}</h3>
          <p className="hint">{t('quiz.changeIntro')}</p>
          {summary.changes.changes.length === 0 ? (
            <p className="empty">{t('quiz.noChange')}</p>
          ) : (
            <div className="table-scroll">
              <table className="table row-heads">
                <thead>
                  <tr>
                    <th scope="col">{t('quiz.colStudent')}</th>
                    <th scope="col" className="number">{t('quiz.colBefore', { round: summary.changes.firstRound })}</th>
                    <th scope="col" className="number">{t('quiz.colBefore', { round: summary.changes.lastRound })}</th>
                    <th scope="col" className="number">{t('quiz.colChange')}</th>
                  </tr>
                </thead>
                <tbody>
                  {summary.changes.changes.map((c) => (
                    <tr key={c.userId}>
                      <th scope="row">
                        <FastLink to={resultHref(c.uuid)}>{c.userName}</FastLink>
                      </th>
                      <td className="number">{c.before}</td>
                      <td className="number">{c.after}</td>
                      <td className={c.change < 0 ? 'number drop' : 'number'}>{c.change > 0 ? `+${c.change}` : c.change}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </div>
      ) : null}
    </section>
  )
}
