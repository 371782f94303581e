import i18next from 'i18next'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LOCALES, type Locale } from '~/i18n/config'
import { resources } from '~/i18n/resources'
import { ruleSuggestions } from '~/features/suggestions/rules.server'
import { splitSuggestions, suggestComments } from '~/features/suggestions/suggest.server'
import { startChatServer } from '../support/chat-server'

const tFor = (lng: Locale) => {
  const i = i18next.createInstance()
  void i.init({ lng, resources, fallbackLng: 'en', interpolation: { escapeValue: false }, initAsync: false })
  return i.t
}
const sadPost = { title: 'Lost my bag', texts: ['I lost my bag at the park.', 'I cried.'], emotions: ['B', '13'], behaviours: [4] }
const happyPost = { title: 'Sports day', texts: ['We won the relay.'], emotions: ['3'], behaviours: [] }

describe('built-in suggestions', () => {
  for (const lng of LOCALES) {
    it(`answer a negative post with its feeling and behaviour, in ${lng}`, () => {
      const t = tFor(lng)
      const out = ruleSuggestions(sadPost, t)
      expect(out).toHaveLength(3)
      expect(out[0]).toContain(t('emotion.sad').toLowerCase())
      expect(out[1]).toBe(t('suggest.behaviour_calmDown'))
      expect(out[2]).toBe(t('suggest.question_negative'))
      expect(new Set(out).size).toBe(3)
    })
  }
  it('praise a positive post and ask what made it special', () => {
    const t = tFor('en')
    expect(ruleSuggestions(happyPost, t)).toEqual([t('suggest.feeling_joy', { feeling: 'happy' }), t('suggest.share'), t('suggest.question_positive')])
  })
  it('a post without emotions still gets an answer', () => {
    expect(ruleSuggestions({ title: 'x', texts: [], emotions: [], behaviours: [] }, tFor('en'))[0]).toBe(tFor('en')('suggest.feeling_none'))
  })
})

describe('an OpenAI-compatible provider', () => {
  let server: Awaited<ReturnType<typeof startChatServer>>
  let reply: 'ok' | 'fail' | 'slow' = 'ok'
  const content = '1. You were brave to write this.\n2) It is okay to feel sad.\n- "What could help next time?"\nA fourth line that is dropped.'

  beforeAll(async () => {
    // A slow provider never answers while the test runs: the client's own time limit ends the wait.
    server = await startChatServer(() => (reply === 'fail' ? 'fail' : reply === 'slow' ? 'hang' : { content }))
  })
  afterAll(() => server.close())
  const config = () => ({ baseURL: server.baseURL, apiKey: 'test-key', model: 'local-model', timeoutMs: 200 })

  it('is asked about the post in the reader language and its lines become suggestions', async () => {
    reply = 'ok'
    const result = await suggestComments(sadPost, 'ja', tFor('ja'), config())
    expect(result).toEqual({ source: 'provider', suggestions: ['You were brave to write this.', 'It is okay to feel sad.', 'What could help next time?'] })
    const call = server.seen.at(-1)!
    expect(call.path).toBe('/v1/chat/completions')
    expect(call.auth).toBe('Bearer test-key')
    expect(call.body.model).toBe('local-model')
    expect(call.body.messages[0].content).toContain('Japanese')
    expect(call.body.messages[1].content).toContain('Lost my bag')
    expect(call.body.messages[1].content).toContain('Emotions: sad, worried')
    expect(call.body.messages[1].content).toContain('Behaviours: calmDown')
  })
  it('falls back to the built-in rules when the provider fails or is too slow', async () => {
    for (const r of ['fail', 'slow'] as const) {
      reply = r
      const result = await suggestComments(sadPost, 'zh-TW', tFor('zh-TW'), config())
      expect(result).toEqual({ source: 'rules', suggestions: ruleSuggestions(sadPost, tFor('zh-TW')) })
    }
  })
  it('splits numbered and bulleted lines', () => {
    expect(splitSuggestions('• 一\n\n2、二\n* 「三」')).toEqual(['一', '二', '三'])
  })
})
