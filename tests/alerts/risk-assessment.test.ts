// The content assessment of risk alerts (decision 0042) judged by its answers: the labelled posts of
// tests/risk-eval, written before the assessment was, saved as a student saves a post on both
// databases; each post is its own student's, so the alert it raises is its own.
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { assessPost, MODEL_ALONE } from '~/features/alerts/assess/assess.server'
import { compileDistress, sentenceDistressed } from '~/features/alerts/assess/distress.server'
import { assessRisk, featuresOf, loadModel, MODEL_CLASSES, riskModel, type SentenceReading } from '~/features/alerts/assess/model.server'
import { tokensOf } from '~/features/text/tokens.server'
import { registerWithPassword } from '~/features/auth/accounts.server'
import { createJournal } from '~/features/journals/settings.server'
import { createPost } from '~/features/students/posts.server'
import { DIALECTS, freshDatabase } from '../support/db'
import { EVAL_LANGUAGES, figuresOf, labelledPosts, TEST_SETS, type EvalRow } from '../support/risk-eval'

const SPEECH = { en: 'en', 'zh-TW': 'zh-TW', ja: 'ja' } as const

describe.each(DIALECTS)('the content assessment of the labelled posts, saved through the student post on %s', (dialect) => {
  let conn: Awaited<ReturnType<typeof freshDatabase>>
  const journals: Record<string, number> = {}

  beforeAll(async () => {
    conn = await freshDatabase(dialect)
    const owner = await registerWithPassword(conn.db, { account: 'owner', password: 'secret-pass-1', locale: 'en' })
    if (owner.code !== '01000') throw new Error('setup')
    for (const language of EVAL_LANGUAGES) {
      const j = await createJournal(conn.db, { userId: owner.userId, planLimit: 30 }, { name: `Class ${language}`, labelColorCode: '1', speechLang: SPEECH[language], display: 'list', expireType: '1', studentLimit: '5', shareType: '2' })
      if (!j.ok) throw new Error(`journal: ${JSON.stringify(j)}`)
      journals[language] = j.id
    }
  })
  afterAll(() => conn.close())

  for (const language of EVAL_LANGUAGES) {
    it(`${language}: at least 85 % of worrying posts raise an alert, 85 % of the urgent ones at high, at most 8 % of harmless ones raise any`, { timeout: 120_000 }, async () => {
      const posts = labelledPosts('dev', language)
      // One student a post, written straight in (a password hash each would cost minutes).
      const now = new Date().toISOString()
      const students = await conn.db
        .insertInto('users')
        .values(posts.map((p) => ({ account: `${dialect}-${p.id}`, kind: 'student' as const, name: p.id, locale: 'en', info_set: 1, email_verified: 0, invite_code: `I${p.id}${dialect}`.slice(0, 32), mode: 'personal' as const, created_at: now })))
        .returning('id')
        .execute()
      await conn.db.insertInto('journal_members').values(students.map((s) => ({ journal_id: journals[language], user_id: s.id, role: 'student' as const, drp_status: 1, joined_at: now }))).execute()
      const rows: EvalRow[] = []
      for (const [i, post] of posts.entries()) {
        const studentId = students[i].id
        await createPost(conn.db, studentId, journals[language], { title: post.title, diaryDate: now.slice(0, 10), event: post.event, story: post.story, behaviourText: post.behaviour, emotions: ['B'], behaviour: '6' })
        const alert = await conn.db.selectFrom('risk_alerts').select(['severity', 'reasons']).where('student_id', '=', studentId).where('rule', '=', 'words').executeTakeFirst()
        const categories = alert ? [...new Set((JSON.parse(alert.reasons) as { posts: { findings: { category: string }[] }[] }).posts.flatMap((p) => p.findings.map((f) => f.category)))] : []
        rows.push({ post, raised: alert?.severity ?? null, categories, ms: 0 })
      }
      const f = figuresOf(rows)
      const misses = rows.filter((r) => r.post.label === 'worrying' && !r.raised).map((r) => r.post.id)
      const falseAlerts = rows.filter((r) => r.post.label === 'harmless' && r.raised).map((r) => r.post.id)
      expect(f.recall, `missed: ${misses.join(', ')}`).toBeGreaterThanOrEqual(0.85)
      expect(f.highRate).toBeGreaterThanOrEqual(0.85)
      expect(f.falseRate, `false alerts: ${falseAlerts.join(', ')}`).toBeLessThanOrEqual(0.08)
      // Every post was kept, alert or not.
      expect(Number((await conn.db.selectFrom('posts').select(sql<number>`count(*)`.as('n')).where('journal_id', '=', journals[language]).executeTakeFirstOrThrow()).n)).toBe(posts.length)
    })
  }
})

describe('the content assessment on bad input', () => {
  const raised = async (text: string, journalLanguage?: string) => (await assessPost({ title: '', event: text }, journalLanguage)).findings.map((f) => f.category)

  it('empty, 500 characters, only emoji, only punctuation: nothing throws, nothing is raised', async () => {
    for (const text of ['', ' ', '😀😭🔪💀', '!!!???……。。、、', 'a'.repeat(500), '死'.repeat(500), 'ね'.repeat(500)]) expect(await raised(text)).toEqual([])
  })

  it('zero-width characters between the letters, full-width Latin, traditional and simplified characters alike', async () => {
    expect(await raised('死\u200bにたい')).toEqual(['suicide'])
    expect(await raised('I\u200d want to d\u200bie')).toEqual(['suicide'])
    expect(await raised('ｉ　ｗａｎｔ　ｔｏ　ｄｉｅ')).toEqual(['suicide'])
    expect(await raised('活著好累')).toEqual(['suicide'])
    expect(await raised('活着好累')).toEqual(['suicide'])
    // Half-width katakana with its voiced marks (ﾎﾞ is ホ and a mark of its own) reads as the full-width word.
    expect(await raised('兄にﾎﾞｺﾎﾞｺにされた')).toEqual(await raised('兄にボコボコにされた'))
    expect(await raised('兄にﾎﾞｺﾎﾞｺにされた')).toContain('abuse')
  })

  it("a young writer's word spacing in Japanese and Chinese is not a word boundary; the evidence keeps the spaces", async () => {
    expect(await raised('パパが おさけ のんで、わたしを ベランダに だして かぎを しめた。')).toEqual(['abuse'])
    expect(await raised('わたし しにたい')).toEqual(['suicide'])
    expect(await raised('我 好 想 死')).toEqual(['suicide'])
    const a = await assessPost({ title: '', event: 'ママが もう かえってこない。' })
    expect(a.findings[0]).toMatchObject({ category: 'abuse', sentence: 'ママが もう かえってこない。' })
  })

  it('"I\'m" is "I am": a pattern written either way reads both', async () => {
    // The model may read a parent's words in it too (a sign of emotional abuse): the rule's finding is the same either way.
    expect(await raised("I'm just the useless one in this family.")).toContain('hopelessness')
    expect(await raised('im just the useless one in this family')).toContain('hopelessness')
    expect(await raised("I'm useless at drawing hands haha")).toEqual([])
  })

  it('mixed scripts in one post: each sentence read in its languages', async () => {
    expect((await raised('今天好累 but ok. 我想死'))).toEqual(['suicide'])
    expect(await raised('my dad hits me. 爸爸打我')).toContain('abuse')
  })

  it('the whole sentence is the evidence, with the one before when the words open it, the student\'s own writing', async () => {
    const a = await assessPost({ title: 'Recess', event: 'We played tag. They said they will beat me up after school if I tell anyone.' })
    // A threat of violence by other children is told at once (decision 0060): high.
    expect(a.findings[0]).toMatchObject({ category: 'bullying', severity: 'high', sentence: 'They said they will beat me up after school if I tell anyone.', before: 'We played tag.' })
    const z = await assessPost({ title: '', event: '我昨天又割\u200b腕了。' })
    expect(z.findings[0]).toMatchObject({ category: 'self_harm', sentence: '我昨天又割\u200b腕了。', words: '割\u200b腕' })
  })

  it('an emoji before the words (two UTF-16 units) leaves the later sentences and words where they are', async () => {
    const a = await assessPost({ title: '', event: 'Pizza day 🍕🍕! Then 😭 I want to die.' })
    expect(a.findings[0]).toMatchObject({ category: 'suicide', sentence: 'Then 😭 I want to die.', words: 'want to die' })
  })
})

describe('the rules and the model together', () => {
  const assess = (text: string, journalLanguage?: string) => assessPost({ title: '', event: text }, journalLanguage)

  it('the model never learned from the sets that measure it', async () => {
    const model = await riskModel()
    expect(model.trainedOn.length).toBeGreaterThan(0)
    for (const set of TEST_SETS) expect(model.trainedOn).not.toContain(set)
  })

  it('a high finding of the rules stands whatever the model thinks: a bare wish to die, self-harm, a parent who hits', async () => {
    for (const text of ['死にたい', '我想死', 'I want to die', 'リスカした', '我昨天又割腕了', 'my dad hits me with a belt', '爸爸用皮帶打我']) {
      const a = await assess(text)
      expect(a.severity, text).toBe('high')
      expect(a.findings.some((f) => !f.byModel), text).toBe(true)
    }
  })

  it('the model alone never raises a high alert (decision 0066): what it finds is told the same day, never as urgent', async () => {
    let byModelAlone = 0
    for (const set of TEST_SETS)
      for (const language of EVAL_LANGUAGES)
        for (const post of labelledPosts(set, language)) {
          const a = await assessPost(post, language)
          for (const f of a.findings.filter((f) => f.byModel)) expect(f.severity, post.id).toBe('medium')
          if (a.findings.length && a.findings.every((f) => f.byModel)) {
            byModelAlone++
            expect(a.severity, post.id).toBe('medium')
          }
        }
    expect(byModelAlone).toBeGreaterThan(0)
  })

  it('a question on a survey is set aside only when the student answered no: a "yes" is a disclosure', async () => {
    for (const text of ['on the wellbeing survey one question was if i ever want to hurt myself. i ticked yes', '学校のアンケートで「死にたいと思うことがありますか」ってあった。「はい」にまるした', '學校發心情問卷，有一題問有沒有想過死掉，我勾有']) {
      expect((await assess(text)).severity, text).toBe('high')
    }
    for (const text of ['on the wellbeing survey one question was if i ever want to hurt myself. nope! i love my life', 'アンケートで「自分をきずつけたいと思うことがありますか」ってあった。「ない」に〇した', '學校發心情問卷，有一題問有沒有想過傷害自己，我勾沒有，我過得很好']) {
      expect((await assess(text)).findings, text).toEqual([])
    }
  })

  it('the model never cries wolf on everyday text it never saw (decision 0066): a museum trip, a song, a joke, a schedule, a question about clothes', async () => {
    // Written for this test; in no labelled set and in none of the everyday text the model learned from.
    const everyday = {
      en: [
        'Went to the science museum with my class today. The dinosaur skeleton was huge and we had sandwiches on the steps.',
        'What music do you all listen to while doing homework? I mostly play lo-fi and some old rock my dad likes.',
        'Can anyone recommend a good jacket for autumn? Mine is too small now and my mum said we can go shopping on Saturday.',
        'Schedule for tomorrow: swimming at 7, maths test second period, piano after school, then pizza night.',
        'Why did the scarecrow win an award? Because he was outstanding in his field. My grandpa tells that joke every single time.',
        'The aquarium had a tunnel where sharks swim over your head. My little brother pressed his face on the glass the whole time.',
      ],
      'zh-TW': [
        '今天全班去科學博物館，恐龍化石超大的，中午在草地上吃便當。',
        '大家寫功課的時候都聽什麼音樂？我最近一直聽周杰倫的舊歌。',
        '明天的行程：早上游泳，第二節數學小考，放學後上鋼琴課，晚上吃火鍋。',
        '週末跟表哥去水族館，看到好大的鯊魚從頭上游過去，弟弟一直貼著玻璃看。',
        '老師今天講了一個笑話：為什麼海水是鹹的？因為魚一直在流汗。全班都笑翻了。',
        '請問秋天的外套要怎麼搭配比較好看？預算大概兩千塊。',
      ],
      ja: [
        'きょうはクラスで科学博物館に行きました。恐竜のほねがすごく大きくて、お昼はしばふでお弁当を食べました。',
        'みんな宿題のときってどんな音楽聞いてる？わたしは最近ずっとアニメの曲ばかり。',
        '明日の予定：朝はプール、二時間目に算数の小テスト、放課後ピアノ、夜はカレー。',
        '週末に水族館へ行った。トンネルの上をサメが泳いでいて、弟はずっとガラスにはりついていた。',
        '先生がダジャレを言った。「布団がふっとんだ」。みんなでわらった。',
        '秋のコーディネートで迷っています。ベージュのコートに合う靴のおすすめはありますか。',
      ],
    }
    for (const [language, texts] of Object.entries(everyday))
      for (const text of texts) {
        const a = await assess(text, language)
        expect(a.findings, text).toEqual([])
        // Not merely under the line: the model finds nothing there.
        expect(a.risk, text).toBeLessThan(MODEL_ALONE / 2)
      }
  })

  it('the model alone raises only a post with a word of distress in it; the words are data, matched in their forms', async () => {
    const words = compileDistress({ en: 'hit\nsuicid*\n# a comment\nrun away\n', zh: '難過\n', ja: '消えたい\n' })
    const reading = async (text: string, language: 'en' | 'zh' | 'ja'): Promise<SentenceReading> => ({ language, text, tokens: await tokensOf(text, language) })
    expect(sentenceDistressed(words, await reading('he keeps hitting me', 'en'))).toBe(true)
    expect(sentenceDistressed(words, await reading('i feel suicidal', 'en'))).toBe(true)
    expect(sentenceDistressed(words, await reading('i want to run away tonight', 'en'))).toBe(true)
    expect(sentenceDistressed(words, await reading('we ran to the bus and went away', 'en'))).toBe(false)
    expect(sentenceDistressed(words, await reading('we saw a shark at the aquarium', 'en'))).toBe(false)
    expect(sentenceDistressed(words, await reading('我今天好難過', 'zh'))).toBe(true)
    expect(sentenceDistressed(words, await reading('今天去水族館', 'zh'))).toBe(false)
    expect(sentenceDistressed(words, await reading('もう消えたい', 'ja'))).toBe(true)
    expect(sentenceDistressed(words, await reading('水族館に行った', 'ja'))).toBe(false)
  })

  it('the model reads every two sentences too, and a long post must be surer in each: one worrying pair stands out, one odd pair in a long day does not', async () => {
    // A model of two words: "gloom" is worrying, "sunny" is not.
    const n = MODEL_CLASSES.length
    const row = (c: number, w: number) => Array.from({ length: n }, (_, i) => (i === c ? w : 0))
    const model = loadModel({ trainedOn: [], classes: MODEL_CLASSES, bias: row(0, 0), features: ['en:w:gloom', 'en:w:sunny'], weights: [...row(1, 6), ...row(0, 3)] })
    const sentence = async (text: string): Promise<SentenceReading[]> => [{ language: 'en', text, tokens: await tokensOf(text, 'en') }]
    const day = async (...texts: string[]) => Promise.all(texts.map(sentence))
    // The chance of "worrying" when the words are read together: 1 - p(none) over the n classes.
    const risk = (gloom: boolean, sunny: boolean) => 1 - Math.exp(sunny ? 3 : 0) / (Math.exp(sunny ? 3 : 0) + Math.exp(gloom ? 6 : 0) + n - 2)
    const whole = (sentences: SentenceReading[][]) => {
      const f = featuresOf(sentences.flat())
      return risk(f.has('en:w:gloom'), f.has('en:w:sunny'))
    }
    // The whole post is mostly sunny; two gloomy sentences in a row are read on their own.
    const worrying = await day('sunny', 'sunny', 'gloom', 'gloom gloom', 'sunny', 'sunny')
    const read = assessRisk(model, worrying)
    expect(read.category).toBe('suicide')
    expect(read.risk).toBeGreaterThan(whole(worrying))
    // Five windows: the gloomy pair's chance of nothing counts five times.
    expect(read.risk).toBeCloseTo(1 - 5 * (1 - risk(true, false)), 6)
    // The whole post's own reading, which alone the model raises on (decision 0085), is kept beside it.
    expect(read.whole.risk).toBeCloseTo(whole(worrying), 6)
    expect(read.whole.risk).toBeLessThan(read.risk)
    // A short post is read whole.
    expect(assessRisk(model, await day('gloom', 'sunny')).risk).toBeCloseTo(whole(await day('gloom', 'sunny')), 6)
  })

  it('signs count where the model reads their concern, shown from the first sign to the last; a sentence read in two languages is read in each (decision 0069)', async () => {
    // A young child's plan to run away in hiragana, and a saved-up bus fare: no rule's words, two readings agreeing.
    const plan = await assessPost({ title: '', event: 'おとしだまを ためてる。もう かえらない' }, 'ja')
    expect(plan.findings).toMatchObject([{ category: 'running_away', severity: 'high', sign: true }])
    const fare = await assessPost({ title: '', event: '存到4200了 夠買客運票去高雄 不回來了' }, 'zh-TW')
    expect(fare.findings).toMatchObject([{ category: 'running_away', severity: 'high', sign: true }])
    expect(fare.findings[0].words).toMatch(/^存到.*不回來/u)
    // Kanji alone read as Chinese and as Japanese: each reading's signs are its own.
    await expect(assessPost({ title: '荷物', event: '駅 今夜 窓 切符 貯金 家出' }, 'ja')).resolves.toBeDefined()
    // Everyday words that are signs raise nothing where the model reads no worry.
    for (const text of ['packed my bag for the school trip tomorrow!! torch, wellies and snacks', '今天跟表哥去車站買車票，要去台中玩']) expect((await assess(text)).findings, text).toEqual([])
  })

  it('an occasion in the post explains a rule\'s words unless the model reads the concern too: a bag packed for the residential, the cat that ran away (decision 0083)', async () => {
    for (const [text, language] of [
      ["residential!! | I packed my bag tonight because tomorrow we're going on the residential to the outdoor centre for three nights!", 'en'],
      ['うちのネコが家出した！夜にとなりの物置にいた。', 'ja'],
    ]) {
      const a = await assessPost({ title: '', event: text }, language)
      expect(a.findings, text).toEqual([])
      // Set aside, not forgotten: a second opinion still sees it.
      expect(a.setAside, text).toContainEqual(expect.objectContaining({ why: 'occasion', category: 'running_away' }))
    }
    // The same words without the occasion, and with it where the post says it is a plan to leave.
    for (const text of ["packed my bag, leaving tonight when they're asleep and never coming back", "school trip tomorrow but i'm not going. packed my bag, leaving tonight when they're asleep and never coming back"])
      expect((await assess(text)).findings, text).toMatchObject([{ category: 'running_away', severity: 'high' }])
  })

  it('English spelt by ear is read as the words it stands for, and the alert shows it as written (decision 0083)', async () => {
    const wish = await assess('i want to kil mysef')
    expect(wish.findings).toMatchObject([{ category: 'suicide', severity: 'high', words: 'want to kil mysef' }])
    expect((await assess('sum times i wish i was ded')).findings).toMatchObject([{ category: 'suicide', severity: 'high', words: 'wish i was ded' }])
    // Slang the dictionary does not know, and two-letter words, are left as they are.
    expect((await assess('bc im bored lol, ngl tmrw is gonna be long')).findings).toEqual([])
  })

  it('a name written with a capital is never read as a misspelt word, and a contraction is its subject and verb (decision 0084)', async () => {
    // "Dev" is not "den" (a secret den is an occasion that explains the words away), "he's" is "he is".
    expect((await assess("Dev keeps saying he's going to jump off the top of the multistorey car park.")).findings).toMatchObject([{ category: 'friend_at_risk', severity: 'high' }])
    expect((await assess("Mums boyfriend said if I say anything to anyone he'll drown my cat in the bath.")).findings).toContainEqual(expect.objectContaining({ category: 'emotional_abuse', severity: 'high' }))
    // The misspelling of a word the student did not write with a capital is still read by ear.
    expect((await assess('I told Izzy i want to kil mysef')).findings).toMatchObject([{ category: 'suicide', severity: 'high', words: 'want to kil mysef' }])
  })

  it('of one concern\'s words in a sentence, the urgent ones are what the alert keeps: extortion with a threat (decision 0084)', async () => {
    const a = await assess('Jayden say I have to give him my lunch money every Monday or he break my phone and my face.')
    expect(a.findings).toMatchObject([{ category: 'bullying', severity: 'high' }])
    expect(a.severity).toBe('high')
  })

  it('a title the text repeats inside a figure of speech is its topic; an English context phrase reads any form of its words; "d1e" is die (decision 0086)', async () => {
    const fight = await assessPost({ title: 'HE KICKED ME', event: 'Josh kicked me under the table at dinner so I kicked him back and I got told off.', story: 'HE STARTED IT.' }, 'en')
    expect(fight.findings).toEqual([])
    // The same title over a text that says it plainly still raises it, title and all.
    const kicked = await assessPost({ title: 'HE KICKED ME', event: 'Dad kicked me in the stomach again.' }, 'en')
    expect(kicked.findings).toContainEqual(expect.objectContaining({ category: 'abuse', severity: 'high', field: 'title' }))
    // "we move" in the occasions list is "we moved" too: a goodbye to the old town is a move.
    const moved = await assess('We moved today. My old life is OVER. Goodbye forever Ashby.')
    expect(moved.findings).toEqual([])
    expect(moved.setAside).toContainEqual(expect.objectContaining({ why: 'occasion', category: 'suicide' }))
    expect((await assess("i want to d1e. not in the 'haha math test' way. the real way.")).findings).toMatchObject([{ category: 'suicide', severity: 'high' }])
  })

  it('a sign counts only where the second model, trained on posts with alarming words in them, reads the post as worrying too (decision 0087)', async () => {
    const pillowFight = { title: 'pillow fight', event: "Huge pillow fight at my cousin's house.", story: 'Sam whacked me and I fell into the bunk bed and now I have a big bruise on my arm. It is going yellow. We were laughing so hard though.' }
    const a = await assessPost(pillowFight, 'en')
    expect(a.findings).toEqual([])
    // The first model alone agrees with the sign: it is the second that reads the laughing and the bunk bed.
    expect(a.risk).toBeGreaterThan(MODEL_ALONE / 2)
    expect(a.wordsFound).toBe(true)
    // A bruise someone gave, kept secret under a threat, is still told at once.
    const arm = await assessPost({ title: 'arm', event: 'I got a new bruise on my arm.', story: "Mum's boyfriend grabbed me hard when I was slow putting my shoes on. He said if I tell anyone I will be sorry." }, 'en')
    expect(arm.severity).toBe('high')
    expect(arm.findings).toContainEqual(expect.objectContaining({ category: 'abuse', severity: 'high' }))
  })

  it('words of a medium concern in a post both models read as urgent are told at once; the model alone still never is (decision 0087)', async () => {
    const stairs = await assessPost({ title: 'stairs', event: 'They push me on the stairs every day and say it was an accident.', story: 'Yesterday I fell down five steps and they filmed it.' }, 'en')
    expect(stairs.findings).toMatchObject([{ category: 'bullying', severity: 'high', words: 'push me on the stairs' }])
    // Names and exclusion the first model is just as sure of: not urgent, so told the same day, as the taxonomy says.
    const names = await assess('The girls in my class call me smelly and nobody will sit with me at lunch anymore.')
    expect(names.risk).toBeGreaterThanOrEqual(MODEL_ALONE)
    expect(names.findings).toMatchObject([{ category: 'bullying', severity: 'medium' }])
  })

  it('the model does not raise words the rules read as negated or as someone else\'s', async () => {
    for (const text of ['じぶんをきずつけたりしない。かぞくとねこがだいすきだから', 'to be clear i would never hurt myself', '我沒有想不開啦，只是昨天很累']) {
      expect((await assess(text)).findings, text).toEqual([])
    }
  })
})
