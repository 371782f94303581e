import OpenAI from 'openai'
import { env } from '~/env.server'
import type { ProviderConfig } from '~/features/suggestions/suggest.server'
import { clampScore, type ScoredPost } from './scoring'

const configured = (): ProviderConfig | null =>
  env.AI_BASE_URL ? { baseURL: env.AI_BASE_URL, apiKey: env.AI_API_KEY, model: env.AI_MODEL, timeoutMs: env.AI_TIMEOUT_MS } : null

/**
 * The model's score of an English quest post, 1 to 100 (issue 20 item 9), from the same
 * OpenAI-compatible endpoint as the comment suggestions. Null when none is configured, or when it
 * fails or answers without a number: the rules' score stands then.
 */
export async function aiScore(title: string, post: ScoredPost, config: ProviderConfig | null = configured()): Promise<number | null> {
  if (!config) return null
  try {
    const client = new OpenAI({ baseURL: config.baseURL, apiKey: config.apiKey, timeout: config.timeoutMs, maxRetries: 0 })
    const completion = await client.chat.completions.create({
      model: config.model,
      temperature: 0,
      messages: [
        {
          role: 'system',
          content:
            'You score a school student\'s English diary answer to a guided question from 1 to 100: how fully it answers what happened, how they felt and what they did, and how clearly it is written. Be kind to young writers. Answer with the number only.',
        },
        { role: 'user', content: [`Title: ${title}`, `What happened: ${post.event}`, `Feelings: ${post.story}`, `What I did: ${post.behaviourText}`].join('\n') },
      ],
    })
    const number = /\d{1,3}/.exec(completion.choices[0]?.message?.content ?? '')
    return number ? clampScore(Number(number[0])) : null
  } catch (error) {
    console.warn('AI scoring failed; the rules score the post', error instanceof Error ? error.message : error)
    return null
  }
}
