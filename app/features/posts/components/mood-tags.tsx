import type { TFunction } from 'i18next'
import { behaviourOf, emotionOf, isPositiveEmotion } from '~/features/posts/constants'
import { behaviourName, emotionName } from '~/features/posts/names'

// A module of their own: the lists and the report show the tags without the rest of a post's view.

/** Emotion hashtags: positive green, negative orange (spec 2 section 9). */
export function EmotionTags({ codes, t }: { codes: string[]; t: TFunction }) {
  if (codes.length === 0) return null
  return (
    <ul className="tags" aria-label={t('news.emotionFrame')}>
      {codes.filter((c) => emotionOf(c)).map((c) => (
        <li key={c} className={isPositiveEmotion(c) ? 'tag positive' : 'tag negative'}>
          {`#${emotionName(c, t)}`}
        </li>
      ))}
    </ul>
  )
}

export function BehaviourTags({ codes, t }: { codes: number[]; t: TFunction }) {
  if (codes.length === 0) return null
  return (
    <ul className="tags" aria-label={t('news.behaviourFrame')}>
      {codes.filter((c) => behaviourOf(c)).map((c) => (
        <li key={c} className="tag behaviour">
          {behaviourName(c, t)}
        </li>
      ))}
    </ul>
  )
}
