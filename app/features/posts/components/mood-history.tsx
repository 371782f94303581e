import { emotionName } from '~/features/posts/names'
import { useT } from '~/i18n/use-t'

export interface MoodPoint {
  date: string
  emotions: string[]
  mood: number
}

const BAR = 10
const GAP = 4
const HALF = 34

/**
 * A student's mood over their recent posts (decision 0046), oldest first: a bar up for a post whose
 * feelings were all positive, down for all negative, a dot for a mix; the same as a table for
 * screen readers and for reading the feelings. No titles, no words: the counsellor sees the mood.
 */
export function MoodHistory({ points }: { points: MoodPoint[] }) {
  const { t } = useT()
  if (points.length === 0) return <p className="empty">{t('counsel.noMood')}</p>
  const count = (m: number) => points.filter((p) => Math.sign(p.mood) === m).length
  const summary = t('counsel.moodSummary', { count: points.length, positive: count(1), negative: count(-1), mixed: count(0), from: points[0].date, to: points.at(-1)!.date })
  const width = points.length * (BAR + GAP)
  return (
    <div className="mood-history">
      <p>{summary}</p>
      <svg role="img" aria-label={summary} width={width} height={2 * HALF + 2} viewBox={`0 0 ${width} ${2 * HALF + 2}`} className="mood-strip">
        <line x1={0} x2={width} y1={HALF + 1} y2={HALF + 1} stroke="#767676" strokeWidth={1} />
        {points.map((p, i) => {
          const x = i * (BAR + GAP)
          if (p.mood > 0) return <rect key={i} x={x} y={1} width={BAR} height={HALF} fill="#2e7d32" />
          if (p.mood < 0) return <rect key={i} x={x} y={HALF + 1} width={BAR} height={HALF} fill="#b4531d" />
          return <circle key={i} cx={x + BAR / 2} cy={HALF + 1} r={3} fill="#555555" />
        })}
      </svg>
      <details>
        <summary>{t('counsel.moodTable')}</summary>
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t('alerts.date')}</th>
              <th scope="col">{t('alerts.feelings')}</th>
              <th scope="col">{t('alerts.mood')}</th>
            </tr>
          </thead>
          <tbody>
            {points.map((p, i) => (
              <tr key={i}>
                <td className="nowrap">{p.date}</td>
                <td>{p.emotions.map((c) => emotionName(c, t)).join(', ') || '–'}</td>
                <td>{t(p.mood > 0 ? 'alerts.mood_positive' : p.mood < 0 ? 'alerts.mood_negative' : 'alerts.mood_mixed')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </div>
  )
}
