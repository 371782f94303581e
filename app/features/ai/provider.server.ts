import { env } from '~/env.server'

/** An OpenAI-compatible chat completions API (any server that speaks it: a hosted model or a local one). */
export interface ProviderConfig {
  baseURL: string
  apiKey: string
  model: string
  timeoutMs: number
}

/** The provider the settings name (`AI_BASE_URL` and the rest), or null when there is none. */
export const configuredProvider = (): ProviderConfig | null =>
  env.AI_BASE_URL ? { baseURL: env.AI_BASE_URL, apiKey: env.AI_API_KEY, model: env.AI_MODEL, timeoutMs: env.AI_TIMEOUT_MS } : null

/** One question to the model, with no retry (the callers fall back to their rules): its answer's text. */
export async function askModel(config: ProviderConfig, { system, user, temperature }: { system: string; user: string; temperature: number }) {
  // The client library is loaded at the first question, not at start-up (most schools have no provider).
  const { default: OpenAI } = await import('openai')
  const client = new OpenAI({ baseURL: config.baseURL, apiKey: config.apiKey, timeout: config.timeoutMs, maxRetries: 0 })
  const completion = await client.chat.completions.create({
    model: config.model,
    temperature,
    messages: [
      { role: 'system', content: system },
      { role: 'user', content: user },
    ],
  })
  return completion.choices[0]?.message?.content ?? ''
}
