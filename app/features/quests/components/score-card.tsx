import { Form } from '~/ui/form'
import type { ScoreReason } from '~/features/quests/scoring'
import { isScored } from '~/features/quests/scoring'
import { useT } from '~/i18n/use-t'
import { ErrorList } from '~/ui/field'

interface Score {
  score: number | null
  source: string | null
  questTitle: string | null
  reasons: ScoreReason[]
}

/**
 * A quest post's score on the post page (decision 0035): the number (or "scoring"), the reasons
 * the rules or the model gave, and the teacher's own score, which stays once given.
 */
export function ScoreCard({ score, error }: { score: Score; error?: string }) {
  const { t } = useT()
  const reason = (r: ScoreReason) => {
    switch (r.key) {
      case 'frames':
        return t('score.reasonFrames', { answered: r.answered, total: r.total })
      case 'length':
        return t('score.reasonLength', { characters: r.characters, count: r.full })
      case 'onDay':
        return r.onDay ? t('score.reasonOnDay') : t('score.reasonLate')
      case 'ai':
        return t('score.reasonAi')
    }
  }
  return (
    <section className="card score-card" aria-labelledby="score-title">
      <h2 id="score-title">
        {t('score.title')}: <strong>{isScored(score.score) ? score.score : t('news.scoring')}</strong>
      </h2>
      {score.questTitle ? <p className="hint">{t('score.answers', { title: score.questTitle })}</p> : null}
      {score.source === 'teacher' ? <p className="hint">{t('score.byTeacher')}</p> : null}
      {score.reasons.length ? (
        <ul className="score-reasons">
          {score.reasons.map((r) => (
            <li key={r.key}>
              {reason(r)} <span className="hint">{t('score.points', { points: r.points, max: r.max })}</span>
            </li>
          ))}
        </ul>
      ) : null}
      <Form method="post" className="score-form" noValidate>
        <label htmlFor="score-override">{t('score.override')}</label>
        <input id="score-override" name="score" type="number" min={1} max={100} step={1} inputMode="numeric" defaultValue={isScored(score.score) ? score.score : ''} aria-invalid={error ? true : undefined} aria-describedby={error ? 'score-error' : undefined} />
        <button className="button secondary small" type="submit" name="intent" value="score">
          {t('score.save')}
        </button>
        <ErrorList id="score-error" errors={error ? [error] : undefined} />
      </Form>
    </section>
  )
}
