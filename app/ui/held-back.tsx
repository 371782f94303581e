import { Link } from 'react-router'
import { useT } from '~/i18n/use-t'
import { formatDate } from '~/shared/dates'

/** A post held back from what goes to families (features/alerts/held-back.server.ts), as a page shows it. */
export type HeldBackView = { postId: number; studentId: number; title: string; diaryDate: string; alertId: number; severity: 'high' | 'medium'; open: boolean; raisedAt: string; resolvedAt: string | null }

/** Why a post is held back, in a line: its alert open (how serious, since when) or resolved lately. */
function HeldReason({ post, journalId }: { post: HeldBackView; journalId: number }) {
  const { t } = useT()
  return (
    <span className="why hint">
      {post.open || !post.resolvedAt
        ? t('heldBack.reason_open', { severity: t(`heldBack.severity_${post.severity}`), date: formatDate(post.raisedAt) })
        : t('heldBack.reason_resolved', { date: formatDate(post.resolvedAt) })}
      {' · '}
      <Link to={`/diary/homework/${journalId}/alerts/${post.alertId}`}>{t('heldBack.seeAlert')}</Link>
    </span>
  )
}

const named = (post: HeldBackView, names?: Record<number, string>) => (names ? `${names[post.studentId] ?? ''}: ${post.diaryDate} · ${post.title}` : `${post.diaryDate} · ${post.title}`)

/**
 * The posts held back under an alert (decision 0063), in a form that goes to families: each left out
 * with its reason unless its box ("put back") is ticked. `names` names each post's student on a
 * class's page; `checked` keeps what was ticked when the form comes back with an error.
 */
export function HeldBackFieldset({ posts, journalId, names, checked = [], hint }: { posts: HeldBackView[]; journalId: number; names?: Record<number, string>; checked?: string[]; hint: string }) {
  const { t } = useT()
  if (posts.length === 0) return null
  return (
    <fieldset className="held-back">
      <legend>{t('heldBack.legend', { count: posts.length })}</legend>
      <p className="hint">{hint}</p>
      <ul>
        {posts.map((p) => (
          <li key={p.postId}>
            <label>
              <input type="checkbox" name="putBack" value={p.postId} defaultChecked={checked.includes(String(p.postId))} /> {t('heldBack.putBack', { post: named(p, names) })}
            </label>
            <HeldReason post={p} journalId={journalId} />
          </li>
        ))}
      </ul>
    </fieldset>
  )
}

/** After a job: the posts it left out, each with its reason (the teacher puts one back by making it again). */
export function LeftOutList({ posts, journalId, names }: { posts: HeldBackView[]; journalId: number; names?: Record<number, string> }) {
  const { t } = useT()
  if (posts.length === 0) return null
  return (
    <div className="held-back">
      <p>
        <strong>{t('heldBack.leftOut', { count: posts.length })}</strong>
      </p>
      <ul>
        {posts.map((p) => (
          <li key={p.postId}>
            {named(p, names)}
            <HeldReason post={p} journalId={journalId} />
          </li>
        ))}
      </ul>
    </div>
  )
}
