import type { Topic } from '~/features/topics/lexicon'
import { useT } from '~/i18n/use-t'
import { FastLink } from '~/ui/fast-link'
import { PayNotice } from '~/ui/pay'
import type { StudentCoping } from '~/features/insights/patterns.server'
import { VersusList } from './patterns-view'

export interface StudentPatternsData {
  period: { start: string; end: string }
  posts: number
  percent: number
  classPercent: number
  topics: { topic: Topic; posts: number; negative: number; percent: number; classPercent: number; few: boolean }[]
  versus: StudentCoping[]
}

/** A student's patterns on their page: how they cope against the class, their topics; each figure opens the posts behind it on the Patterns page. */
export function StudentPatterns({ journalId, student, data }: { journalId: number; student: { id: number; name: string }; data: StudentPatternsData | null }) {
  const { t } = useT()
  const base = `/diary/homework/${journalId}/patterns?student=${student.id}&period=term`
  return (
    <section className="card student-patterns" aria-labelledby="patterns-title">
      <h2 id="patterns-title">{t('patterns.sectionTitle')}</h2>
      {!data ? (
        <PayNotice />
      ) : data.posts === 0 ? (
        <p className="hint">{t('patterns.sectionEmpty', { start: data.period.start, end: data.period.end })}</p>
      ) : (
        <>
          <p className="hint">{t('patterns.sectionIntro', { start: data.period.start, end: data.period.end, name: student.name })}</p>
          <h3>{t('patterns.copingTitle')}</h3>
          <VersusList versus={data.versus} name={student.name} limit={5} />
          <h3>{t('patterns.topicsTitle')}</h3>
          {data.topics.length === 0 ? (
            <p className="hint">{t('patterns.topicNone')}</p>
          ) : (
            <table className="table row-heads">
              <thead>
                <tr>
                  <th scope="col">{t('patterns.topic')}</th>
                  <th scope="col" className="number">
                    {t('patterns.posts')}
                  </th>
                  <th scope="col" className="number">
                    {t('patterns.negative')}
                  </th>
                  <th scope="col" className="number">
                    {t('patterns.classTopicShare')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.topics.map((x) => (
                  <tr key={x.topic} className={x.few ? 'few' : undefined}>
                    <th scope="row">{t(`topic.${x.topic}`)}</th>
                    <td className="number">
                      <FastLink to={`${base}&pick=topic:${x.topic}#picked`}>{x.posts}</FastLink>
                    </td>
                    <td className="number">{x.percent}%</td>
                    <td className="number">{x.classPercent}%</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <p>
            <FastLink to={base}>{t('patterns.sectionMore', { name: student.name })}</FastLink>
          </p>
        </>
      )}
    </section>
  )
}
