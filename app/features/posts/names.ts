import type { TFunction } from 'i18next'
import { behaviourOf, emotionOf } from './constants'

/** An emotion's name in the reader's language (an unknown code shows as itself). */
export function emotionName(code: string, t: TFunction) {
  const key = emotionOf(code)?.key
  return key ? t(`emotion.${key}`) : code
}

/** A behaviour's name in the reader's language (an unknown code shows as itself). */
export function behaviourName(code: number, t: TFunction) {
  const key = behaviourOf(code)?.key
  return key ? t(`behaviour.${key}`) : String(code)
}
