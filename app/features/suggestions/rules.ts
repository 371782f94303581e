import type { TFunction } from 'i18next'
import { BEHAVIOURS, EMOTIONS, type EMOTION_GROUPS } from '~/features/posts/constants'

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
    const group = EMOTIONS.find((e) => e.code === code)?.group
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
  const named = EMOTIONS.find((e) => e.code === mood.emotions.find((c) => EMOTIONS.find((x) => x.code === c)?.group === group))
  // Lower case inside a sentence (English; Chinese and Japanese have no case).
  const feeling = named ? t(`emotion.${named.key}`).toLowerCase() : ''
  const positive = group === 'joy'
  const out: string[] = []
  out.push(group ? t(`suggest.feeling_${group}`, { feeling }) : t('suggest.feeling_none'))
  const behaviour = BEHAVIOURS.find((b) => b.code === mood.behaviours[0])
  out.push(behaviour ? t(`suggest.behaviour_${behaviour.key}`) : positive ? t('suggest.share') : t('suggest.noBehaviour'))
  out.push(positive ? t('suggest.question_positive') : t('suggest.question_negative'))
  return out
}
