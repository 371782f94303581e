// The AI reading of every post (decision 0068), asked of a real OpenAI-compatible server on this
// machine, as the comment suggestions are: with a slow, a failing and a nonsense answer too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { aiReadingPrompt, assessWithSecondOpinion } from '~/features/alerts/assess/second-opinion.server'
import { assessPost } from '~/features/alerts/assess/assess.server'
import { CATEGORIES } from '~/features/alerts/categories'
import { findingsFor } from '~/features/alerts/rules'
import { startChatServer } from '../support/chat-server'

describe("the AI reading of every post, where the school has a provider", () => {
  let server: Awaited<ReturnType<typeof startChatServer>>
  let reply: string | 'fail' | 'slow' = 'none'
  const asked = () => server.seen.map((r) => r.body.messages[1].content)

  beforeAll(async () => {
    server = await startChatServer(() => (reply === 'fail' ? 'fail' : reply === 'slow' ? 'hang' : { content: reply }))
  })
  afterAll(() => server.close())
  const config = () => ({ baseURL: server.baseURL, apiKey: 'k', model: 'm', timeoutMs: 200 })
  const urgent = { title: 'x', event: 'i want to kill myself tonight' }
  const hopeless = { title: 'maths', event: 'i am useless at everything' }
  // Nothing a rule names: a stranger from a game and a meeting, said without a listed word.
  // Nothing the rules or their signs name (a meeting kept from a parent): only a reader may see grooming in it.
  const quiet = { title: 'saturday', event: 'going to see a friend this weekend, mum thinks im at Mias' }
  const museum = { title: 'trip', event: 'we went to the museum and saw dinosaur bones' }

  it('reads every post, not only borderline ones, with the post\'s text alone and the written prompt that names every category', async () => {
    server.seen.length = 0
    reply = 'none'
    for (const post of [urgent, hopeless, quiet, museum]) await assessWithSecondOpinion(post, 'en', config())
    expect(asked()).toEqual(['x\ni want to kill myself tonight', 'maths\ni am useless at everything', 'saturday\ngoing to see a friend this weekend, mum thinks im at Mias', 'trip\nwe went to the museum and saw dinosaur bones'])
    const system = server.seen[0].body.messages[0].content
    expect(system).toBe(aiReadingPrompt())
    for (const { category } of CATEGORIES) expect(system).toMatch(new RegExp(`^${category}:`, 'm'))
  })

  it('never silences a rule\'s high: "none" on a wish to die leaves it high, the rules deciding', async () => {
    reply = 'none'
    expect(await assessWithSecondOpinion(urgent, 'en', config())).toMatchObject({ severity: 'high', opinion: { answer: 'none', decidedBy: 'rules' } })
  })

  it('raises what no rule names, at medium, never high, the answer kept in the alert\'s reasons', async () => {
    expect((await assessPost(quiet)).severity).toBeNull()
    reply = 'grooming'
    const a = await assessWithSecondOpinion(quiet, 'en', config())
    expect(a).toMatchObject({ severity: 'medium', opinion: { answer: 'grooming', decidedBy: 'provider' }, findings: [{ category: 'grooming', severity: 'medium', sentence: quiet.event }] })
    const [finding] = findingsFor([{ id: 1, title: 'saturday', diaryDate: '2026-11-25', createdAt: '2026-11-25T01:00:00Z', emotions: [], mood: 0, content: a }], { negativeShare: 0.3, mean: 0, posts: 100 })
    expect(finding.reasons).toMatchObject({ rule: 'words', posts: [{ opinion: { answer: 'grooming', decidedBy: 'provider' } }] })
  })

  it('can lower a medium finding to nothing, and agrees without deciding when it says what the rules found', async () => {
    reply = 'none'
    expect(await assessWithSecondOpinion(hopeless, 'en', config())).toMatchObject({ severity: null, findings: [], opinion: { answer: 'none', decidedBy: 'provider' } })
    reply = 'Hopelessness.'
    expect(await assessWithSecondOpinion(hopeless, 'en', config())).toMatchObject({ severity: 'medium', opinion: { answer: 'hopelessness', decidedBy: 'rules' } })
  })

  it('a failing, slow or nonsense answer leaves the built-in assessment as it was', async () => {
    for (const post of [hopeless, urgent, museum]) {
      const rules = await assessPost(post)
      for (const r of ['fail', 'slow', 'I cannot say.', 'banana'] as const) {
        reply = r
        const a = await assessWithSecondOpinion(post, 'en', config())
        expect([a.severity, a.findings], r).toEqual([rules.severity, rules.findings])
        expect(a.opinion, r).toBeUndefined()
      }
    }
  })

  it('without a provider, nothing changes and nothing is asked', async () => {
    server.seen.length = 0
    expect(await assessWithSecondOpinion(quiet, 'en', null)).toEqual(await assessPost(quiet))
    expect(asked()).toEqual([])
  })
})
