import type { TFunction } from 'i18next'
import { behaviourOf, emotionOf, type EMOTION_GROUPS } from '~/features/posts/constants'
import { emotionName } from '~/features/posts/names'

/** What the suggestions read from a post: its emotion codes and behaviour codes. */
export interface PostMood {
  title: string
  texts: string[]
  emotions: string[]
  behaviours: number[]
}

/** The group most of the post's emotions belong to; negative groups win a tie (they need answering). */
export function dominantGroup(emotions: string[]) {
  const counts = new Map<string, number>()
  for (const code of emotions) {
    const group = emotionOf(code)?.group
    if (group) counts.set(group, (counts.get(group) ?? 0) + 1)
  }
  let best: (typeof EMOTION_GROUPS)[number] | null = null
  for (const group of ['angry', 'sad', 'fear', 'joy'] as const) if ((counts.get(group) ?? 0) > (best ? counts.get(best)! : 0)) best = group
  return best
}

/**
 * The built-in provider: three suggestions from rules over the emotions and behaviours, in the
 * translator's language. One that names the feeling, one about what the student did (or could do),
 * and one question that keeps the conversation going.
 */
export function ruleSuggestions(mood: PostMood, t: TFunction): string[] {
  const group = dominantGroup(mood.emotions)
  // The post's first emotion of that group, lower case inside a sentence (English; Chinese and Japanese have no case).
  const named = mood.emotions.find((c) => emotionOf(c)?.group === group)
  const feeling = named ? emotionName(named, t).toLowerCase() : ''
  const positive = group === 'joy'
  const out: string[] = []
  out.push(group ? t(`suggest.feeling_${group}`, { feeling }) : t('suggest.feeling_none'))
  const behaviour = behaviourOf(mood.behaviours[0])
  out.push(behaviour ? t(`suggest.behaviour_${behaviour.key}`) : positive ? t('suggest.share') : t('suggest.noBehaviour'))
  out.push(positive ? t('suggest.question_positive') : t('suggest.question_negative'))
  return out
}
