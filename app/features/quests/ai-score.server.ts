import { askModel, configuredProvider, type ProviderConfig } from '~/features/ai/provider.server'
import { clampScore, type ScoredPost } from './scoring'

/**
 * The model's score of an English quest post, 1 to 100 (decision 0035), from the same
 * OpenAI-compatible endpoint as the comment suggestions. Null when none is configured, or when it
 * fails or answers without a number: the rules' score stands then.
 */
export async function aiScore(title: string, post: ScoredPost, config: ProviderConfig | null = configuredProvider()): Promise<number | null> {
  if (!config) return null
  try {
    const answer = await askModel(config, {
      temperature: 0,
      system:
        "You score a school student's English diary answer to a guided question from 1 to 100: how fully it answers what happened, how they felt and what they did, and how clearly it is written. Be kind to young writers. Answer with the number only.",
      user: [`Title: ${title}`, `What happened: ${post.event}`, `Feelings: ${post.story}`, `What I did: ${post.behaviourText}`].join('\n'),
    })
    const number = /\d{1,3}/.exec(answer)
    return number ? clampScore(Number(number[0])) : null
  } catch (error) {
    console.warn('AI scoring failed; the rules score the post', error instanceof Error ? error.message : error)
    return null
  }
}
