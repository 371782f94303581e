/** Emotion codes (spec 2 section 3) with their group and polarity: joy is positive, the rest negative. */
export const EMOTIONS = [
  { code: '3', key: 'happy', group: 'joy' },
  { code: '4', key: 'proud', group: 'joy' },
  { code: '5', key: 'relaxed', group: 'joy' },
  { code: '6', key: 'blessed', group: 'joy' },
  { code: '7', key: 'excited', group: 'joy' },
  { code: '8', key: 'calm', group: 'joy' },
  { code: '9', key: 'surprised', group: 'joy' },
  { code: '11', key: 'disappointed', group: 'sad' },
  { code: '12', key: 'anxious', group: 'fear' },
  { code: '13', key: 'worried', group: 'fear' },
  { code: '14', key: 'helpless', group: 'sad' },
  { code: '15', key: 'jealous', group: 'angry' },
  { code: '16', key: 'annoyed', group: 'angry' },
  { code: '17', key: 'angry', group: 'angry' },
  { code: 'A', key: 'scared', group: 'fear' },
  { code: 'B', key: 'sad', group: 'sad' },
  { code: 'C', key: 'guilty', group: 'sad' },
  { code: 'D', key: 'frustrated', group: 'sad' },
  { code: 'E', key: 'embarrassed', group: 'fear' },
  { code: 'F', key: 'nervous', group: 'fear' },
] as const
export type EmotionCode = (typeof EMOTIONS)[number]['code']
export const EMOTION_GROUPS = ['joy', 'angry', 'sad', 'fear'] as const
export const emotionOf = (code: string) => EMOTIONS.find((e) => e.code === code)
export const isPositiveEmotion = (code: string) => emotionOf(code)?.group === 'joy'

/** Behaviour codes 1 to 10; outer (extroverted) and inner (introverted). */
export const BEHAVIOURS = [
  { code: 1, key: 'askForHelp', side: 'outer' },
  { code: 2, key: 'makeAgreement', side: 'outer' },
  { code: 3, key: 'apologise', side: 'outer' },
  { code: 4, key: 'calmDown', side: 'inner' },
  { code: 5, key: 'leave', side: 'inner' },
  { code: 6, key: 'speakOut', side: 'outer' },
  { code: 7, key: 'refuse', side: 'outer' },
  { code: 8, key: 'tryAgain', side: 'inner' },
  { code: 9, key: 'gratitude', side: 'outer' },
  { code: 10, key: 'itsOkay', side: 'inner' },
] as const
export const behaviourOf = (code: number) => BEHAVIOURS.find((b) => b.code === code)

export { COMMENT_STATUS, POST_STATUS } from '~/features/statuses'
export const COMMENT_TYPE = { error: 1, advice: 2, praise: 3, other: 4 } as const
