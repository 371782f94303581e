import type { TFunction } from 'i18next'
import { askModel, configuredProvider, type ProviderConfig } from '~/features/ai/provider.server'
import { behaviourOf, emotionOf } from '~/features/posts/constants'
import type { Locale } from '~/i18n/config'
import { ruleSuggestions, type PostMood } from './rules.server'

const LANGUAGE: Record<Locale, string> = { en: 'English', 'zh-TW': 'Traditional Chinese (Taiwan)', ja: 'Japanese' }
const MAX_SUGGESTIONS = 3

/** The prompt: the post as plain text, with emotion and behaviour names in English for the model. */
function describe(mood: PostMood) {
  const emotions = mood.emotions.map((c) => emotionOf(c)?.key).filter(Boolean)
  const behaviours = mood.behaviours.map((c) => behaviourOf(c)?.key).filter(Boolean)
  return [`Title: ${mood.title}`, ...mood.texts.map((t) => `- ${t}`), `Emotions: ${emotions.join(', ') || 'none'}`, `Behaviours: ${behaviours.join(', ') || 'none'}`].join('\n')
}

/** The model's answer as separate suggestions: one a line, without list markers or quotes. */
export function splitSuggestions(text: string) {
  return text
    .split('\n')
    .map((line) => line.replace(/^\s*(?:[-*•]|\d+[.)、])\s*/, '').replace(/^["「“]|["」”]$/g, '').trim())
    .filter((line) => line.length > 0)
    .slice(0, MAX_SUGGESTIONS)
}

/** An OpenAI-compatible chat completions API (any server that speaks it: a hosted model or a local one). */
export async function providerSuggestions(mood: PostMood, locale: Locale, config: ProviderConfig) {
  const answer = await askModel(config, {
    temperature: 0.7,
    system: `You help a school teacher answer a student's mood diary post. Write ${MAX_SUGGESTIONS} short, warm comments the teacher could post, in ${LANGUAGE[locale]}, one per line, with no numbering. Acknowledge the feelings, encourage helpful behaviour, never judge.`,
    user: describe(mood),
  })
  return splitSuggestions(answer)
}

/**
 * Suggestions for a post in the reader's language (f24, spec 2 "AI strategy"): from the configured
 * provider, or from the built-in rules when none is configured. A provider that fails or answers
 * nothing falls back to the rules, so the teacher always gets an answer; the failure is logged.
 */
export async function suggestComments(mood: PostMood, locale: Locale, t: TFunction, config = configuredProvider()) {
  if (config) {
    try {
      const suggestions = await providerSuggestions(mood, locale, config)
      if (suggestions.length > 0) return { source: 'provider' as const, suggestions }
    } catch (error) {
      console.error('comment suggestions: provider failed, using the built-in rules', error instanceof Error ? error.message : error)
    }
  }
  return { source: 'rules' as const, suggestions: ruleSuggestions(mood, t) }
}
