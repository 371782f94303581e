import type { AlertSeverity } from '~/db/schema'
import { bySeriousness } from '~/features/alerts/categories'
import type { AlertReasons, PostPoint } from '~/features/alerts/rules'
import type { AlertSummary } from '~/features/alerts/summary'
import type { ShownStatus } from '~/features/alerts/manage.server'
import { emotionName } from '~/features/posts/names'
import { useT } from '~/i18n/use-t'
import { FastLink } from '~/ui/fast-link'

export function SeverityBadge({ severity }: { severity: AlertSeverity }) {
  const { t } = useT()
  return <span className={`badge severity-${severity}`}>{t(`alerts.severity_${severity}`)}</span>
}

export function AlertStatusBadge({ status, until }: { status: ShownStatus; until: string | null }) {
  const { t } = useT()
  return <span className={`badge status-${status}`}>{status === 'snoozed' ? t('alerts.status_snoozedUntil', { date: until }) : t(`alerts.status_${status}`)}</span>
}

/**
 * An alert in one line (decision 0059), the same in the journal's list and the counsellor's inbox: its
 * severity, the most serious concern first and the others after it, then the student's sentence
 * behind the lead (their words, quoted) or the teacher who raised it and their note (not quoted: a
 * teacher's words are not the student's).
 */
export function AlertSummaryLine({ severity, summary }: { severity: AlertSeverity; summary: AlertSummary }) {
  const { t } = useT()
  const { flagged } = summary
  return (
    <>
      <SeverityBadge severity={severity} /> <strong className="concern">{t(summary.concern)}</strong>
      {summary.also.length ? <span className="hint also-found"> {t('alerts.alsoFound', { list: summary.also.map((c) => t(`alerts.category_${c}`)).join(', ') })}</span> : null}
      {summary.sentence ? (
        <q className="evidence-line" title={summary.sentence}>
          {summary.sentence}
        </q>
      ) : flagged ? (
        <span className="evidence-line teacher-note">{flagged.note ? t('alerts.teacherNote', { name: flagged.by, note: flagged.note }) : t('alerts.flaggedByShort', { name: flagged.by })}</span>
      ) : null}
    </>
  )
}

const moodKey = (m: number) => (m > 0 ? 'alerts.mood_positive' : m < 0 ? 'alerts.mood_negative' : 'alerts.mood_mixed')

function PostPoints({ posts, caption, postLink }: { posts: PostPoint[]; caption: string; postLink: PostLink | null }) {
  const { t } = useT()
  return (
    <table className="table row-heads">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t('alerts.date')}</th>
          <th scope="col">{t('alerts.post')}</th>
          <th scope="col">{t('alerts.feelings')}</th>
          <th scope="col">{t('alerts.mood')}</th>
        </tr>
      </thead>
      <tbody>
        {posts.map((p) => (
          <tr key={p.id}>
            <td className="nowrap">{p.diaryDate}</td>
            <th scope="row">
              <PostTitle id={p.id} title={p.title} postLink={postLink} />
            </th>
            <td>{p.emotions.map((c) => emotionName(c, t)).join(', ') || '–'}</td>
            <td>
              {t(moodKey(p.mood))} ({p.mood > 0 ? '+1' : p.mood})
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/** The language of a finding's sentence, for screen readers (a Japanese sentence in an English page). */
const LANG_TAG = { en: 'en', zh: 'zh-TW', ja: 'ja' } as const

/** The sentence with the words that matched marked (the first place they occur). */
function Marked({ sentence, words }: { sentence: string; words: string }) {
  const at = words ? sentence.indexOf(words) : -1
  if (at < 0) return <>{sentence}</>
  return (
    <>
      {sentence.slice(0, at)}
      <mark>{words}</mark>
      {sentence.slice(at + words.length)}
    </>
  )
}

/** Where a cited post's title leads: its page for the journal's teachers, the copy on the same page for a counsellor (decision 0046). */
type PostLink = (postId: number) => string
const postPage: PostLink = (id) => `/diary/diaryPost/${id}`

/** A cited post's title: a link to the post, or its title alone while the student's data is shut (an erasure waits: no dead link). */
const PostTitle = ({ id, title, postLink }: { id: number; title: string; postLink: PostLink | null }) => (postLink ? <FastLink to={postLink(id)}>{title}</FastLink> : <>{title}</>)

/** Why an alert was raised, in the words a teacher can check: the words in context, or the posts and mood points of the trend. */
export function AlertReasonsView({ reasons, postLink = postPage }: { reasons: AlertReasons; postLink?: PostLink | null }) {
  const { t } = useT()
  if (reasons.rule === 'words') {
    // Who found what: the content assessment, the extreme-word lists of old, or a teacher (decision 0059).
    const found = reasons.posts.some((p) => p.findings?.length)
    const flaggedBy = reasons.posts.find((p) => p.flaggedBy)?.flaggedBy
    return (
      <div className="alert-reasons">
        <p>{found ? t('alerts.wordsExplain') : reasons.posts.some((p) => p.hits?.length) ? t('alerts.oldWords') : flaggedBy ? t('alerts.flaggedExplain', { name: flaggedBy }) : t('alerts.wordsExplain')}</p>
        {reasons.posts.map((p) => (
          <section key={p.id} className="card">
            <h3>
              <PostTitle id={p.id} title={p.title} postLink={postLink} /> <span className="hint">{p.diaryDate}</span>
            </h3>
            <ul className="word-hits">
              {bySeriousness(p.findings ?? [], (f) => f.category).map((f, i) => (
                <li key={i}>
                  <span className={`badge category-${f.category}`}>{t(`alerts.category_${f.category}`)}</span> <span className="hint">{t(`alerts.field_${f.field}`)}</span>
                  {f.before ? (
                    <q className="sentence-before" aria-label={t('alerts.sentenceBefore')}>
                      {f.before}
                    </q>
                  ) : null}
                  <q lang={LANG_TAG[f.language]}>
                    <Marked sentence={f.sentence} words={f.words} />
                  </q>
                  {f.byModel ? <p className="hint">{t('alerts.byModel')}</p> : null}
                  {f.watchWord ? <p className="hint watch-word">{t('alerts.watchWord')}</p> : null}
                </li>
              ))}
              {p.flaggedBy ? (
                <li className="flagged">
                  <span className="badge">{t('alerts.concern_flagged')}</span> {t('alerts.flaggedBy', { name: p.flaggedBy })}
                  {p.note ? <p className="teacher-note">{t('alerts.teacherNote', { name: p.flaggedBy, note: p.note })}</p> : null}
                </li>
              ) : null}
              {p.opinion ? <li className="hint">{t(p.opinion.decidedBy === 'provider' ? 'alerts.opinionDecided' : 'alerts.opinionAgreed', { answer: t(p.opinion.answer === 'none' ? 'alerts.opinionNone' : `alerts.category_${p.opinion.answer}`) })}</li> : null}
              {bySeriousness(p.hits ?? [], (h) => h.category).map((h, i) => (
                <li key={i}>
                  <span className="badge">{t(`flags.${h.category}`)}</span>{' '}
                  <q>
                    {h.before}
                    <mark>{h.word}</mark>
                    {h.after}
                  </q>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    )
  }
  if (reasons.rule === 'streak') {
    return (
      <div className="alert-reasons">
        <p>{t('alerts.streakExplain', { count: reasons.length, share: Math.round(reasons.negativeShare * 100) })}</p>
        <PostPoints posts={reasons.posts} caption={t('alerts.streakPosts', { count: reasons.posts.length })} postLink={postLink} />
      </div>
    )
  }
  return (
    <div className="alert-reasons">
      <p>{t('alerts.dropExplain', { recent: reasons.recentMean, own: reasons.ownMean, usual: reasons.usualMean, threshold: reasons.threshold, count: reasons.earlierPosts })}</p>
      <PostPoints posts={reasons.recent} caption={t('alerts.dropPosts', { count: reasons.recent.length })} postLink={postLink} />
    </div>
  )
}
