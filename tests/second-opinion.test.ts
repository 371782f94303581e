// The second opinion on borderline posts (issue 33 item 4), asked of a real OpenAI-compatible
// server on this machine, as the comment suggestions are.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { assessWithSecondOpinion, isBorderline } from '~/features/alerts/assess/second-opinion.server'
import { assessPost } from '~/features/alerts/assess/assess.server'
import { findingsFor } from '~/features/alerts/rules'
import { startChatServer } from './support/chat-server'

describe('a second opinion from the school\'s provider', () => {
  let server: Awaited<ReturnType<typeof startChatServer>>
  let reply: string | 'fail' | 'slow' = 'none'
  const asked = () => server.seen.map((r) => r.body.messages[1].content)

  beforeAll(async () => {
    server = await startChatServer(() => (reply === 'fail' ? 'fail' : reply === 'slow' ? 'hang' : { content: reply }))
  })
  afterAll(() => server.close())
  const config = () => ({ baseURL: server.baseURL, apiKey: 'k', model: 'm', timeoutMs: 200 })
  // A wish to die set aside as a figure of speech: borderline.
  const joking = { title: 'grandma', event: 'no wifi at grandmas, so boring i want to die lol' }
  const hopeless = { title: 'maths', event: 'i am useless at everything' }

  it('is asked only about borderline posts, with the post\'s text alone', async () => {
    expect(isBorderline(await assessPost(joking))).toBe(true)
    expect(isBorderline(await assessPost({ title: 'x', event: 'i want to kill myself tonight' }))).toBe(false)
    server.seen.length = 0
    reply = 'suicide'
    await assessWithSecondOpinion({ title: 'x', event: 'i want to kill myself tonight' }, 'en', config())
    expect(asked()).toEqual([])
    await assessWithSecondOpinion(joking, 'en', config())
    expect(asked()).toEqual(['grandma\nno wifi at grandmas, so boring i want to die lol'])
  })

  it('can raise a set-aside post, the answer and the side that decided kept in the alert\'s reasons', async () => {
    reply = 'suicide'
    const a = await assessWithSecondOpinion(joking, 'en', config())
    expect(a).toMatchObject({ severity: 'high', opinion: { answer: 'suicide', decidedBy: 'provider' }, findings: [{ category: 'suicide', sentence: 'no wifi at grandmas, so boring i want to die lol' }] })
    const [finding] = findingsFor([{ id: 1, title: 'grandma', diaryDate: '2026-11-25', createdAt: '2026-11-25T01:00:00Z', emotions: [], mood: 0, content: a }], { negativeShare: 0.3, mean: 0, posts: 100 })
    expect(finding.reasons).toMatchObject({ rule: 'words', posts: [{ opinion: { answer: 'suicide', decidedBy: 'provider' } }] })
  })

  it('can lower a medium finding to nothing, and agrees without deciding when it says what the rules found', async () => {
    reply = 'none'
    expect(await assessWithSecondOpinion(hopeless, 'en', config())).toMatchObject({ severity: null, findings: [], opinion: { answer: 'none', decidedBy: 'provider' } })
    reply = 'Hopelessness.'
    expect(await assessWithSecondOpinion(hopeless, 'en', config())).toMatchObject({ severity: 'medium', opinion: { answer: 'hopelessness', decidedBy: 'rules' } })
  })

  it('a failing, slow or unreadable provider leaves the built-in assessment as it was', async () => {
    const rules = await assessPost(hopeless)
    for (const r of ['fail', 'slow', 'I cannot say.'] as const) {
      reply = r
      const a = await assessWithSecondOpinion(hopeless, 'en', config())
      expect(a.findings, r).toEqual(rules.findings)
      expect(a.opinion, r).toBeUndefined()
    }
  })
})
