import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { notWritten } from '~/features/reminders/not-written.server'
import { DEFAULT_TIME_ZONE } from '~/shared/time-zone'
import { aiScore } from '~/features/quests/ai-score.server'
import { CONTEST_STATUS, PICK_TYPE } from '~/features/quests/constants'
import { contestOfJournal, saveContestSettings } from '~/features/quests/contest.server'
import { contestStatus, periodOf, questDates } from '~/features/quests/period'
import { questCards, questHead, questStudents } from '~/features/quests/progress.server'
import { overrideScore, questPostError, questsForStudent, scoreQuestPost } from '~/features/quests/quest-posts.server'
import { deleteQuest, saveQuest, sampleQuests } from '~/features/quests/quests.server'
import { rankRows, studentRanking, teamRanking } from '~/features/quests/ranking.server'
import { ContestSettingsSchema, QuestSchema } from '~/features/quests/schema'
import { scoreByRules } from '~/features/quests/scoring'
import { applySelection, moveTo } from '~/features/quests/selection'
import { availableQuests, saveSelection, selectionOf } from '~/features/quests/selection.server'
import { startFromSampleCode } from '~/features/samples/books.server'
import { createPost } from '~/features/students/posts.server'
import { addDays, todayDate } from '~/shared/dates'
import { DIALECTS, freshDatabase } from '../support/db'
import { accountsFor } from '../support/people'

const issues = (schema: typeof QuestSchema | typeof ContestSettingsSchema, values: Record<string, string>) => {
  const r = schema.safeParse(values)
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}:${i.message}`).sort()
}

describe('quest and contest rules', () => {
  const quest = { lang: 'en', title: 'Kind act', description: 'Tell us.', eventTitle: 'What happened?', storyTitle: 'How did it feel?', behaviorTitle: 'What did you do?' }
  it('a quest needs a title, a description of at most 200 characters and its three frames, all named in one message', () => {
    expect(issues(QuestSchema, quest)).toEqual([])
    expect(issues(QuestSchema, { ...quest, title: ' ', description: '' })).toEqual(['description:validation.required', 'title:validation.required'])
    expect(issues(QuestSchema, { ...quest, description: 'x'.repeat(201) })).toEqual(['description:validation.tooLong|count=200'])
    expect(issues(QuestSchema, { ...quest, eventTitle: '', behaviorTitle: ' ' })).toEqual([':quest.missingFrames|parts=event%2Cbehavior'])
  })
  it('contest settings need a name, a description and a start date', () => {
    expect(issues(ContestSettingsSchema, { name: '', description: '', coverColor: '8', startDate: '2026-02-30', pickType: '2' })).toEqual([
      'coverColor:validation.notAChoice', 'description:validation.required', 'name:validation.required', 'startDate:validation.dateFormat',
    ])
  })
  it('the selection adds up to the maximum, ignores unknown quests, moves and removes', () => {
    const available = [1, 2, 3, 4]
    expect(applySelection([], available, 'add', 2, 3)).toEqual([2])
    expect(applySelection([2], available, 'add', 9, 3)).toEqual([2])
    expect(applySelection([2], available, 'addAll', null, 3)).toEqual([2, 1, 3])
    expect(applySelection([2, 1, 3], available, 'add', 4, 3)).toEqual([2, 1, 3])
    expect(applySelection([2, 1, 3], available, 'up', 3, 3)).toEqual([2, 3, 1])
    expect(applySelection([2, 1, 3], available, 'up', 2, 3)).toEqual([2, 1, 3])
    expect(applySelection([2, 1, 3], available, 'down', 2, 3)).toEqual([1, 2, 3])
    expect(applySelection([2, 1, 3], available, 'remove', 1, 3)).toEqual([2, 3])
    expect(applySelection([2, 1, 3], available, 'removeAll', null, 3)).toEqual([])
    expect(moveTo([1, 2, 3], 3, 1)).toEqual([3, 1, 2])
  })
  it('a period ends after its answer days; days left are whole days with the current one counted', () => {
    const period = periodOf('2026-11-01', 30)!
    expect(period).toEqual({ start: '2026-11-01', last: '2026-11-30' })
    expect(contestStatus(period, '2026-10-31')).toEqual({ status: CONTEST_STATUS.notStarted, daysLeft: 0 })
    expect(contestStatus(period, '2026-11-01')).toEqual({ status: CONTEST_STATUS.running, daysLeft: 30 })
    expect(contestStatus(period, '2026-11-30')).toEqual({ status: CONTEST_STATUS.running, daysLeft: 1 })
    expect(contestStatus(period, '2026-12-01')).toEqual({ status: CONTEST_STATUS.ended, daysLeft: 0 })
    expect(questDates('2026-11-01', 30, 3)).toEqual(['2026-11-01', '2026-11-11', '2026-11-21'])
  })
  it('the rules score frames answered, length and writing on the day, from 1 to 100, with reasons', () => {
    const full = scoreByRules({ frames: ['event', 'story', 'behavior'], event: 'x'.repeat(100), story: 'y'.repeat(60), behaviourText: 'z'.repeat(60), diaryDate: '2026-11-02', sentOn: '2026-11-02' })
    expect(full.score).toBe(100)
    const thin = scoreByRules({ frames: ['event', 'story', 'behavior'], event: 'Hi', story: '', behaviourText: '', diaryDate: '2026-11-02', sentOn: '2026-11-03' })
    expect(thin.score).toBe(15)
    expect(thin.reasons).toEqual([
      { key: 'frames', points: 15, max: 45, answered: 1, total: 3 },
      { key: 'length', points: 0, max: 35, characters: 2, full: 200 },
      { key: 'onDay', points: 0, max: 20, onDay: false },
    ])
    // A Chinese character counts 2.5 letters.
    expect(scoreByRules({ frames: ['event'], event: '我'.repeat(80), story: '', behaviourText: '', diaryDate: 'd', sentOn: 'd' }).score).toBe(100)
  })
  it('ties share a rank', () => {
    expect(rankRows([{ s: 9 }, { s: 7 }, { s: 7 }, { s: 5 }], (r) => r.s).map((r) => r.ranking)).toEqual([1, 2, 2, 4])
  })
})

// A local OpenAI-compatible endpoint: answers a score, or fails.
let aiReply: 'ok' | 'fail' = 'ok'
const aiServer = createServer(async (req: IncomingMessage, res) => {
  await new Promise<void>((resolve) => req.on('data', () => undefined).on('end', () => resolve()))
  if (aiReply === 'fail') return res.writeHead(500, { 'Content-Type': 'application/json' }).end('{"error":{"message":"boom"}}')
  res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ id: 'c1', object: 'chat.completion', created: 1, model: 'm', choices: [{ index: 0, message: { role: 'assistant', content: 'Score: 87' }, finish_reason: 'stop' }] }))
})
const aiConfig = () => ({ baseURL: `http://127.0.0.1:${(aiServer.address() as AddressInfo).port}/v1`, apiKey: 'k', model: 'local-model', timeoutMs: 1000 })
beforeAll(() => new Promise<void>((r) => aiServer.listen(0, '127.0.0.1', r)))
afterAll(() => new Promise<void>((r) => aiServer.close(() => r())))

describe('AI scoring', () => {
  const post = { frames: ['event', 'story', 'behavior'] as ('event' | 'story' | 'behavior')[], event: 'I helped.', story: '', behaviourText: '', diaryDate: 'd', sentOn: 'd' }
  it('takes the number the model answers, and nothing when it fails or none is configured', async () => {
    aiReply = 'ok'
    expect(await aiScore('Kind', post, aiConfig())).toBe(87)
    aiReply = 'fail'
    expect(await aiScore('Kind', post, aiConfig())).toBeNull()
    expect(await aiScore('Kind', post, null)).toBeNull()
  })
})

describe.each(DIALECTS)('quests and contests on %s', (dialect) => {
  let conn: Awaited<ReturnType<typeof freshDatabase>>
  let teacher: number
  let rival: number
  const students: number[] = []
  let journalId: number
  let rivalJournal: number
  let contestId: number
  let quests: number[]
  const today = todayDate()
  const iso = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString()
  const post = (questId: string, diaryDate = today, event = 'I helped my friend carry the books to class.') => ({ title: 'Kind', diaryDate, event, emotions: ['B'], behaviour: '9', behaviourText: 'I said thank you.', story: 'She smiled.', questId })

  beforeAll(async () => {
    conn = await freshDatabase(dialect)
    const user = async (account: string) => (await accountsFor(conn.db, [account]))[account]
    teacher = await user('teacher')
    rival = await user('rival')
    for (const n of [1, 2, 3, 4]) students.push(await user(`student${n}`))
    contestId = (
      await conn.db
        .insertInto('contests')
        .values({ code: 'ct_test', name: 'Test contest', starts_at: iso(-5), ends_at: iso(60), max_journals: 10, created_at: iso(-5), ans_days: 10, start_date_min: addDays(today, -5), start_date_max: addDays(today, 20), quest_number: 2 })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id
    quests = []
    for (const title of ['Q1', 'Q2', 'Q3']) {
      const { id } = await conn.db.insertInto('quests').values({ contest_id: contestId, journal_id: null, lang: 'en', title, description: `${title} text`, sort: quests.length, created_at: iso(0), updated_at: iso(0) }).returning('id').executeTakeFirstOrThrow()
      await conn.db.insertInto('quest_frames').values([
        { quest_id: id, position: 1, frame_type: 'event', title: 'What?', samples: '[]' },
        { quest_id: id, position: 2, frame_type: 'story', title: 'Feel?', samples: '[]' },
        { quest_id: id, position: 3, frame_type: 'behavior', title: 'Did?', samples: '[]' },
      ]).execute()
      quests.push(id)
    }
    const started = await startFromSampleCode(conn.db, { userId: teacher, planLimit: 100 }, { sampleCode: 'ct_test' })
    const other = await startFromSampleCode(conn.db, { userId: rival, planLimit: 100 }, { sampleCode: 'ct_test' })
    if (!started.ok || !other.ok) throw new Error('journal')
    journalId = started.journalId
    rivalJournal = other.journalId
    await conn.db.insertInto('journal_members').values(students.map((user_id, i) => ({ journal_id: i < 3 ? journalId : rivalJournal, user_id, role: 'student' as const, drp_status: 1, joined_at: iso(-1) }))).execute()
  })
  afterAll(() => conn.close())

  const settings = (startDate: string, pickType = '2') => ({ name: 'Our team', description: 'We write.', coverColor: '3', startDate, pickType })

  it('a contest code gives one team; the start date is set, changed once, and never twice even when two saves race', async () => {
    const c = await contestOfJournal(conn.db, journalId)
    expect(c).toMatchObject({ startDate: null, pickType: PICK_TYPE.teacher, members: 3, status: CONTEST_STATUS.notStarted })
    await expect(conn.db.insertInto('contest_teams').values({ contest_id: contestId, journal_id: journalId, name: 'x', school_name: '', start_date: null, pick_type: 2, created_at: iso(0) }).execute()).rejects.toThrow()
    // Outside the window, or today (not in the future): refused.
    expect(await saveContestSettings(conn.db, journalId, settings(addDays(today, 21)), { isNew: true })).toEqual({ ok: false, fieldErrors: { startDate: ['contest.startDateWindow'] } })
    expect(await saveContestSettings(conn.db, journalId, settings(today), { isNew: true })).toEqual({ ok: false, fieldErrors: { startDate: ['contest.startDateWindow'] } })
    expect(await saveContestSettings(conn.db, journalId, settings(addDays(today, 3)), { isNew: true })).toEqual({ ok: true, next: 'select' })
    const racing = await Promise.all([
      saveContestSettings(conn.db, journalId, settings(addDays(today, 4)), { isNew: false }),
      saveContestSettings(conn.db, journalId, settings(addDays(today, 5)), { isNew: false }),
    ])
    expect(racing.filter((r) => r.ok)).toHaveLength(1)
    const after = await contestOfJournal(conn.db, journalId)
    expect(after?.startDateChanges).toBe(1)
    expect(await saveContestSettings(conn.db, journalId, settings(addDays(today, 6)), { isNew: false })).toEqual({ ok: false, fieldErrors: { startDate: ['contest.startDateOnce'] } })
    await expect(conn.db.updateTable('contest_teams').set({ start_date_changes: 2 }).where('journal_id', '=', journalId).execute()).rejects.toThrow()
    // The journal keeps its type.
    expect((await conn.db.selectFrom('journals').select('share_type').where('id', '=', journalId).executeTakeFirstOrThrow()).share_type).toBe('5')
  })

  it('the selection holds one to the contest\'s quest number, of available quests, in order', async () => {
    expect(await saveSelection(conn.db, journalId, contestId, [], 2)).toEqual({ ok: false, error: 'quest.selectAtLeastOne' })
    expect(await saveSelection(conn.db, journalId, contestId, quests, 2)).toEqual({ ok: false, error: 'quest.selectAtMost' })
    expect(await saveSelection(conn.db, journalId, contestId, [quests[0], 999], 2)).toEqual({ ok: false, error: 'quest.selectUnknown' })
    expect(await saveSelection(conn.db, journalId, contestId, [quests[2], quests[0]], 2)).toEqual({ ok: true })
    expect(await selectionOf(conn.db, journalId)).toEqual([quests[2], quests[0]])
    // The system's pick: random, up to the quest number.
    expect(await saveContestSettings(conn.db, rivalJournal, settings(addDays(today, 2), '1'), { isNew: true })).toEqual({ ok: true, next: 'list' })
    expect(await selectionOf(conn.db, rivalJournal)).toHaveLength(2)
  })

  it('a sample quest is saved with its frames (empty examples dropped) and deleted with 06000', async () => {
    const id = await saveQuest(conn.db, journalId, null, { lang: 'en', title: 'Mine', description: 'My own.', eventTitle: 'E', eventExamples: 'one\n\n two \n', storyTitle: 'S', behaviorTitle: 'B', behaviorSlot1: 'ask', behaviorSlot2: '' } as never)
    const own = (await sampleQuests(conn.db, journalId, contestId)).find((q) => q.id === id)!
    expect(own.frames.map((f) => [f.type, f.title, f.samples])).toEqual([['event', 'E', ['one', 'two']], ['story', 'S', []], ['behavior', 'B', [['ask'], [], [], [], [], [], [], [], [], []]]])
    expect((await availableQuests(conn.db, journalId, contestId)).map((q) => q.id)).toContain(id)
    expect(await saveQuest(conn.db, rivalJournal, id, { lang: 'en', title: 'X', description: 'X', eventTitle: 'E', storyTitle: 'S', behaviorTitle: 'B' } as never)).toBeNull()
    expect(await deleteQuest(conn.db, rivalJournal, id)).toBeNull()
    expect(await deleteQuest(conn.db, journalId, id)).toBe('06000')
    expect((await availableQuests(conn.db, journalId, contestId)).map((q) => q.id)).not.toContain(id)
  })

  it('quest posts are refused outside the period and for a quest not open; inside, each is scored', async () => {
    const before = (await questsForStudent(conn.db, journalId))!
    expect(questPostError(before, quests[2], today)).toBe('write.questNotStarted')
    // The contest runs: its start moved into the past (as time would).
    await conn.db.updateTable('contest_teams').set({ start_date: addDays(today, -1) }).where('journal_id', '=', journalId).execute()
    const running = (await questsForStudent(conn.db, journalId))!
    expect(running.ofTheDay).toBe(quests[2])
    expect(questPostError(running, quests[1], today)).toBe('write.questNotOpen')
    expect(questPostError(running, quests[2], addDays(today, -2))).toBe('write.questDateOutside')
    expect(questPostError(running, quests[2], addDays(today, 1))).toBe('write.questDateOutside')
    expect(questPostError(running, quests[2], today)).toBeNull()
    await conn.db.updateTable('contest_teams').set({ start_date: addDays(today, -20) }).where('journal_id', '=', journalId).execute()
    expect(questPostError((await questsForStudent(conn.db, journalId))!, quests[2], today)).toBe('write.questEnded')
    await conn.db.updateTable('contest_teams').set({ start_date: addDays(today, -1) }).where('journal_id', '=', journalId).execute()

    const [a, b, c] = students
    const long = 'I helped my friend carry the heavy books all the way to the library, and we talked about our favourite stories on the way.'
    const p1 = await createPost(conn.db, a, journalId, post(String(quests[2]), today, long), null, quests[2])
    const p2 = await createPost(conn.db, b, journalId, post(String(quests[2]), addDays(today, -1), 'Hi'), null, quests[2])
    const s1 = (await scoreQuestPost(conn.db, p1))!
    const s2 = (await scoreQuestPost(conn.db, p2))!
    expect(s1.score).toBeGreaterThan(s2.score)
    expect(s2.reasons.find((r) => r.key === 'onDay')).toMatchObject({ onDay: false, points: 0 })
    const row = await conn.db.selectFrom('posts').select(['score', 'score_source', 'score_reasons']).where('id', '=', p1).executeTakeFirstOrThrow()
    expect(row).toMatchObject({ score: s1.score, score_source: 'rules' })
    expect(JSON.parse(row.score_reasons!)).toHaveLength(3)
    // The teacher's score stays when the post is scored again (a revision).
    expect(await overrideScore(conn.db, p2, 95)).toBe(true)
    await scoreQuestPost(conn.db, p2)
    expect(await conn.db.selectFrom('posts').select(['score', 'score_source']).where('id', '=', p2).executeTakeFirstOrThrow()).toEqual({ score: 95, score_source: 'teacher' })
    // AI scoring on, an English journal: the model's score, the rules' reasons kept below it; the rules when it fails.
    await conn.db.updateTable('journals').set({ ai_scoring: 1 }).where('id', '=', journalId).execute()
    aiReply = 'ok'
    const byModel = (await scoreQuestPost(conn.db, p1, (title, input) => aiScore(title, input, aiConfig())))!
    expect(byModel).toMatchObject({ score: 87, source: 'ai' })
    expect(byModel.reasons.map((r) => r.key)).toEqual(['ai', 'frames', 'length', 'onDay'])
    aiReply = 'fail'
    expect(await scoreQuestPost(conn.db, p1, (title, input) => aiScore(title, input, aiConfig()))).toMatchObject({ score: s1.score, source: 'rules' })
    await conn.db.updateTable('journals').set({ ai_scoring: 0 }).where('id', '=', journalId).execute()

    const head = await questHead(conn.db, journalId, { questId: quests[2] })
    expect(head).toMatchObject({ title: 'Q3', completers: 2, rate: 67, average: Math.round(((s1.score + 95) / 2) * 100) / 100 })
    expect(await questHead(conn.db, journalId, { questId: quests[1] })).toBeNull()
    const missing = await questStudents(conn.db, journalId, { questId: quests[2] }, { notSubmitted: true, page: 1 })
    expect(missing.rows.map((r) => r.userId)).toEqual([c])
    const c0 = await contestOfJournal(conn.db, journalId)
    const cards = await questCards(conn.db, journalId, c0!, { asc: true })
    expect(cards.map((x) => [x.title, x.completers])).toEqual([['Q3', 2], ['Q1', 0]])
  })

  it('who has not answered the quest of the day: listed by name, and nobody in a journal without a quest', async () => {
    const c = students[2]
    const quest = await notWritten(conn.db, { journalId, timeZone: DEFAULT_TIME_ZONE, period: 'quest' })
    expect(quest.quest).toEqual({ id: quests[2], title: 'Q3' })
    expect(quest.students.map((s) => s.id)).toEqual([c])
    // A post that answers no quest does not count as an answer.
    await createPost(conn.db, c, journalId, { ...post(String(quests[2])), questId: undefined } as never)
    expect((await notWritten(conn.db, { journalId, timeZone: DEFAULT_TIME_ZONE, period: 'quest' })).students.map((s) => s.id)).toEqual([c])
    expect((await notWritten(conn.db, { journalId, timeZone: DEFAULT_TIME_ZONE, period: 'today' })).students.map((s) => s.id)).not.toContain(c)
    // The rival's contest has not started: no quest of the day, nobody listed.
    expect(await notWritten(conn.db, { journalId: rivalJournal, timeZone: DEFAULT_TIME_ZONE, period: 'quest' })).toMatchObject({ quest: null, students: [] })
  })

  it('ranks teams by their students\' average total, and students by total, ties sharing a place', async () => {
    const [a, b, c, d] = students
    const scores = (await conn.db.selectFrom('posts').select(['id', 'creator_id']).where('journal_id', '=', journalId).execute())
    for (const p of scores) await conn.db.updateTable('posts').set({ score: p.creator_id === a ? 90 : 60 }).where('id', '=', p.id).execute()
    // Ours: (90 + 60 + 0) / 3 = 50; the rival's one student has written nothing yet.
    const first = await teamRanking(conn.db, contestId, 1)
    expect(first.list.map((t) => [t.journalId, t.avgScore, t.ranking])).toEqual([[journalId, 50, 1], [rivalJournal, 0, 2]])
    // The rival's student scores 50: the same average, a shared first place.
    await conn.db.updateTable('contest_teams').set({ start_date: addDays(today, -1) }).where('journal_id', '=', rivalJournal).execute()
    const [rq] = await selectionOf(conn.db, rivalJournal)
    const p = await createPost(conn.db, d, rivalJournal, post(String(rq)), null, rq)
    await overrideScore(conn.db, p, 50)
    expect((await teamRanking(conn.db, contestId, 1)).list.map((t) => [t.avgScore, t.ranking])).toEqual([[50, 1], [50, 1]])
    const mine = first.list.find((t) => t.journalId === journalId)!
    const ranking = (await studentRanking(conn.db, contestId, mine.teamId, 1))!
    expect(ranking.list.map((r) => [r.userId, r.totalScore, r.totalPosts, r.ranking, r.medal])).toEqual([[a, 90, 1, 1, false], [b, 60, 1, 2, false], [c, 0, 0, 3, false]])
  })
})
