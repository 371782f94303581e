import type { TFunction } from 'i18next'
import { BEHAVIOURS } from '~/features/posts/constants'
import { behaviourName, emotionName } from '~/features/posts/names'
import type { Topic } from '~/features/topics/lexicon'
import { useT } from '~/i18n/use-t'
import { Avatar } from '~/ui/avatar'
import { FastLink } from '~/ui/fast-link'
import { EmotionTags } from '~/features/posts/components/mood-tags'
import type { CopingFinding, FeelingFinding, TopicFinding } from '~/features/insights/findings'
import { FEW_POSTS, percentOf } from '~/features/insights/figures'
import type { CopingRow, FeelingTopics, StudentCoping, TopicFigures } from '~/features/insights/patterns.server'

/**
 * The Patterns page's sections (decision 0049): each says its main finding in a sentence beside its
 * chart or table; a finding from fewer than FEW_POSTS posts says so and is greyed; every count
 * opens the posts behind it (`pickTo`), as the report's chart elements do.
 */
type PickTo = (pick: string) => string
const topicName = (topic: Topic, t: TFunction) => t(`topic.${topic}`)

function Finding({ few, posts, children }: { few: boolean; posts: number; children: string }) {
  const { t } = useT()
  return (
    <p className={few ? 'finding few' : 'finding'}>
      {children}
      {few ? ` ${t('insights.tooFew', { count: posts })}` : null}
    </p>
  )
}

function topicSentence(f: TopicFinding, t: TFunction, name: string | null) {
  if (f.kind === 'none') return t('patterns.topicNone')
  if (f.kind === 'noneAbove') return t('patterns.topicNoneAbove', { classPercent: f.classPercent })
  const values = { topic: topicName(f.topic, t), percent: f.percent, count: f.posts, classPercent: f.classPercent }
  return name ? t('patterns.topicAboveStudent', { ...values, name }) : t('patterns.topicAbove', values)
}

export function TopicSection({ figures, finding, chart, classTopics, student, pickTo }: { figures: TopicFigures; finding: TopicFinding; chart: string | null; classTopics: Record<string, number> | null; student: { name: string } | null; pickTo: PickTo }) {
  const { t } = useT()
  const few = finding.kind === 'above' ? finding.few : finding.kind === 'noneAbove' ? finding.few : false
  const posts = finding.kind === 'above' ? finding.posts : figures.posts
  return (
    <section className="card chart-card" aria-labelledby="topics-title">
      <h2 id="topics-title">{t('patterns.topicsTitle')}</h2>
      <p className="hint">{t('patterns.topicsIntro')}</p>
      {figures.posts === 0 ? (
        <p className="empty">{t('patterns.noPosts')}</p>
      ) : (
        <>
          <Finding few={few} posts={posts}>
            {topicSentence(finding, t, student?.name ?? null)}
          </Finding>
          {chart ? (
            <>
              <figure className="chart topic-chart" dangerouslySetInnerHTML={{ __html: chart }} />
              <p className="hint">{t('patterns.chartHint', { count: FEW_POSTS })}</p>
            </>
          ) : null}
          <details className="chart-data" open={!chart}>
            <summary>{t('report.data')}</summary>
            <div className="table-scroll">
              <table className="table row-heads">
                <thead>
                  <tr>
                    <th scope="col">{t('patterns.topic')}</th>
                    <th scope="col" className="number">
                      {t('patterns.posts')}
                    </th>
                    {student ? null : (
                      <th scope="col" className="number">
                        {t('patterns.students')}
                      </th>
                    )}
                    <th scope="col" className="number">
                      {t('patterns.negative')}
                    </th>
                    <th scope="col" className="number">
                      {student ? t('patterns.classTopicShare') : t('patterns.againstClass', { percent: figures.percent })}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {figures.topics.map((x) => (
                    <tr key={x.topic} className={x.few ? 'few' : undefined}>
                      <th scope="row">{topicName(x.topic, t)}</th>
                      <td className="number">
                        <FastLink to={pickTo(`topic:${x.topic}`)}>
                          {x.posts}
                        </FastLink>
                      </td>
                      {student ? null : <td className="number">{x.students}</td>}
                      <td className="number">
                        {x.negative ? (
                          <FastLink to={pickTo(`topic:${x.topic}:n`)}>
                            {x.negative}
                          </FastLink>
                        ) : (
                          0
                        )}{' '}
                        ({x.percent}%)
                      </td>
                      <td className="number">{student ? (classTopics?.[x.topic] === undefined ? '–' : `${classTopics[x.topic]}%`) : `${x.diff > 0 ? '+' : ''}${x.diff}`}</td>
                    </tr>
                  ))}
                  <tr>
                    <th scope="row">{t('patterns.noTopic')}</th>
                    <td className="number">
                      {figures.posts - figures.withTopic ? (
                        <FastLink to={pickTo('notopic')}>
                          {figures.posts - figures.withTopic}
                        </FastLink>
                      ) : (
                        0
                      )}
                    </td>
                    {student ? null : <td />}
                    <td />
                    <td />
                  </tr>
                </tbody>
              </table>
            </div>
          </details>
          {figures.unread ? <p className="hint">{t('patterns.unread', { count: figures.unread })}</p> : null}
        </>
      )}
    </section>
  )
}

function feelingSentence(f: FeelingFinding, t: TFunction) {
  if (f.kind === 'none') return t('patterns.feelingNone')
  if (f.kind === 'noTopic') return t('patterns.feelingNoTopic', { emotion: emotionName(f.emotion, t), count: f.posts })
  return t('patterns.feelingAfter', { emotion: emotionName(f.emotion, t), topic: topicName(f.topic, t), n: f.count, count: f.posts })
}

export function FeelingSection({ feelings, finding, pickTo }: { feelings: FeelingTopics[]; finding: FeelingFinding; pickTo: PickTo }) {
  const { t } = useT()
  return (
    <section className="card" aria-labelledby="feelings-title">
      <h2 id="feelings-title">{t('patterns.feelingsTitle')}</h2>
      <Finding few={finding.kind !== 'none' && finding.few} posts={finding.kind === 'none' ? 0 : finding.posts}>
        {feelingSentence(finding, t)}
      </Finding>
      {feelings.length ? (
        <div className="table-scroll">
          <table className="table row-heads">
            <thead>
              <tr>
                <th scope="col">{t('patterns.feeling')}</th>
                <th scope="col" className="number">
                  {t('patterns.posts')}
                </th>
                <th scope="col">{t('patterns.mostOftenAfter')}</th>
              </tr>
            </thead>
            <tbody>
              {feelings.map((f) => (
                <tr key={f.emotion} className={f.few ? 'few' : undefined}>
                  <th scope="row">{emotionName(f.emotion, t)}</th>
                  <td className="number">{f.posts}</td>
                  <td>
                    {f.topics.length === 0
                      ? t('patterns.noTopic')
                      : f.topics.map((x, i) => (
                          <span key={x.topic}>
                            {i ? ', ' : null}
                            <FastLink to={pickTo(`te:${x.topic}:${f.emotion}`)}>
                              {t('patterns.topicCount', { topic: topicName(x.topic, t), count: x.count })}
                            </FastLink>
                          </span>
                        ))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  )
}

function copingSentence(f: CopingFinding, t: TFunction, name: string | null) {
  if (f.kind === 'none') return t('patterns.copingNone')
  const values = { emotion: emotionName(f.emotion, t), behaviour: behaviourName(f.behaviour, t), n: f.count, count: f.posts, percent: f.percent }
  return name ? t('patterns.copingMostStudent', { ...values, name }) : t('patterns.copingMost', values)
}

/** How a student copes with each feeling against the class: the page's and the student's page's sentences. */
export function VersusList({ versus, name, limit }: { versus: StudentCoping[]; name: string; limit?: number }) {
  const { t } = useT()
  if (versus.length === 0) return <p className="hint">{t('patterns.versusNone', { name })}</p>
  return (
    <ul className="versus">
      {versus.slice(0, limit).map((v) => {
        const values = { emotion: emotionName(v.emotion, t), name, behaviour: behaviourName(v.top, t), n: v.topCount, count: v.posts, classBehaviour: v.classTop === null ? '' : behaviourName(v.classTop, t), classPercent: v.classPercent }
        return (
          <li key={v.emotion} className={v.few ? 'few' : v.differs ? 'differs' : undefined}>
            {v.differs ? <span className="badge">{t('patterns.unlikeClass')}</span> : null} {v.differs ? t('patterns.versusDiffers', values) : t('patterns.versusSame', values)}
            {v.few ? ` ${t('insights.tooFew', { count: v.posts })}` : null}
          </li>
        )
      })}
    </ul>
  )
}

/** A share as one of six shades (0, under 20 %, … 80 % and over): the heat map's cells. */
const shade = (share: number) => (share === 0 ? 0 : Math.min(5, Math.floor(share / 20) + 1))

export function CopingSection({ matrix, finding, versus, student, pickTo }: { matrix: CopingRow[]; finding: CopingFinding; versus: StudentCoping[] | null; student: { name: string } | null; pickTo: PickTo }) {
  const { t } = useT()
  return (
    <section className="card" aria-labelledby="coping-title">
      <h2 id="coping-title">{t('patterns.copingTitle')}</h2>
      <p className="hint">{t('patterns.copingIntro')}</p>
      <Finding few={finding.kind === 'most' && finding.few} posts={finding.kind === 'most' ? finding.posts : 0}>
        {copingSentence(finding, t, student?.name ?? null)}
      </Finding>
      {versus && student ? <VersusList versus={versus} name={student.name} /> : null}
      {matrix.length ? (
        <>
          <div className="table-scroll">
          <table className="table heatmap">
            <caption className="visually-hidden">{t('patterns.copingTitle')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('patterns.feeling')}</th>
                {BEHAVIOURS.map((b) => (
                  <th scope="col" key={b.code}>
                    {behaviourName(b.code, t)}
                  </th>
                ))}
                <th scope="col" className="number">
                  {t('patterns.posts')}
                </th>
              </tr>
            </thead>
            <tbody>
              {matrix.map((r) => (
                <tr key={r.emotion} className={r.few ? 'few' : undefined}>
                  <th scope="row">{emotionName(r.emotion, t)}</th>
                  {r.counts.map((n, i) => {
                    const share = percentOf(n, r.posts)
                    return (
                      <td key={i} className={`heat-${r.few ? 0 : shade(share)}`}>
                        {n ? (
                          <FastLink to={pickTo(`eb:${r.emotion}:${BEHAVIOURS[i].code}`)} aria-label={t('patterns.cellLabel', { emotion: emotionName(r.emotion, t), behaviour: behaviourName(BEHAVIOURS[i].code, t), count: n, percent: share })}>
                            {n}
                            <span className="share">{share}%</span>
                          </FastLink>
                        ) : (
                          <span className="zero">0</span>
                        )}
                      </td>
                    )
                  })}
                  <td className="number">{r.posts}</td>
                </tr>
              ))}
            </tbody>
          </table>
          </div>
          <p className="hint">{t('patterns.heatHint', { count: FEW_POSTS })}</p>
        </>
      ) : null}
    </section>
  )
}

export interface PickedData {
  pick: string
  label: string
  pages: number
  hasMore: boolean
  posts: { postId: number; userId: number; title: string; diaryDate: string; userName: string; emotions: string[] }[]
}

export function PickedPosts({ picked, to }: { picked: PickedData; to: (changes: Record<string, string | null>) => string }) {
  const { t } = useT()
  return (
    <section className="card picked" aria-labelledby="picked-title" id="picked">
      <h2 id="picked-title">{t('report.postsFor', { label: picked.label })}</h2>
      {picked.posts.length === 0 ? <p className="hint">{t('report.noPosts')}</p> : null}
      <ul className="people">
        {picked.posts.map((p) => (
          <li key={p.postId}>
            <Avatar name={p.userName} seed={p.userId} />
            <div>
              <FastLink to={`/diary/diaryPost/${p.postId}`}>{p.title}</FastLink>
              <p className="hint">
                {p.userName} · {p.diaryDate}
              </p>
              <EmotionTags codes={p.emotions} t={t} />
            </div>
          </li>
        ))}
      </ul>
      <p className="row-actions">
        {picked.hasMore ? (
          <FastLink className="button small secondary" to={`${to({ pick: picked.pick, more: String(picked.pages + 1) })}#picked`} preventScrollReset>
            {t('report.loadMore')}
          </FastLink>
        ) : null}
        <FastLink to={to({ pick: null, more: null })} preventScrollReset>
          {t('report.close')}
        </FastLink>
      </p>
    </section>
  )
}
