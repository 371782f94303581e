// A school's own watch words (decision 0062): a journal's owner and a team's admins
// add local slang or a nickname used to bully, in effect at the next post, shown in the alert.
import { parseWithZod } from '@conform-to/zod/v4'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { assessPost } from '~/features/alerts/assess/assess.server'
import { assessWithSecondOpinion } from '~/features/alerts/assess/second-opinion.server'
import { WatchWordSchema } from '~/features/alerts/schema'
import { addWatchWord, removeWatchWord, watchListsOfJournal, watchWordsForJournal, watchWordsOf, WatchWordsForbidden } from '~/features/alerts/watch-words.server'
import { watchKey } from '~/features/text/watch-words.server'
import { createPost } from '~/features/students/posts.server'
import { tooLong } from '~/shared/text'
import { startChatServer } from '../support/chat-server'
import { DIALECTS, freshDatabase } from '../support/db'
import { safeguardingSchool } from '../support/journals'

const form = (values: Record<string, string>) => {
  const data = new FormData()
  for (const [k, v] of Object.entries(values)) data.append(k, v)
  return data
}
const errorsOf = (values: Record<string, string>) => {
  const s = parseWithZod(form({ intent: 'watch-add', ...values }), { schema: WatchWordSchema })
  return s.status === 'error' ? s.error : {}
}
const word = (key: string, category: 'bullying' | 'suicide' = 'bullying') => ({ key: watchKey(key), category })
const found = async (text: string, words: { key: string; category: 'bullying' | 'suicide' }[], language?: string) =>
  (await assessPost({ title: '', event: text }, language, words)).findings.filter((f) => f.watchWord).map((f) => f.words)

describe('a watch word in a post', () => {
  it('is found whatever its width, case or Chinese form; whole words in English, anywhere in Chinese and Japanese', async () => {
    expect(await found('At break Max shouted BEANPOLE across the yard.', [word('Beanpole')])).toEqual(['BEANPOLE'])
    expect(await found('At break Max shouted ｂｅａｎｐｏｌｅ again.', [word('beanpole')])).toEqual(['ｂｅａｎｐｏｌｅ'])
    expect(await found('Tom laughed at me.', [word('tom')])).toEqual(['Tom'])
    expect(await found('I ate a tomato. Atom bombs in history class.', [word('tom')])).toEqual([])
    // A phrase: its words with any spaces between them, as a whole.
    expect(await found('They said stick  insect and ran.', [word('stick insect')])).toEqual(['stick  insect'])
    expect(await found('A stick and an insect.', [word('stick insect')])).toEqual([])
    // Traditional and simplified characters alike, inside a longer word too.
    expect(await found('他們又叫我豬頭三', [word('猪头')])).toEqual(['豬頭'])
    expect(await found('他们又叫我猪头', [word('豬頭')])).toEqual(['猪头'])
    expect(await found('みんながブタってよんだ', [word('ﾌﾞﾀ')])).toEqual(['ブタ'])
    expect(await found('みんながﾌﾞﾀってよんだ', [word('ブタ')])).toEqual(['ﾌﾞﾀ'])
  })

  it('is a finding of its category at its severity, the sentence and the words the student wrote, marked as the school\'s', async () => {
    const quiet = { title: 'Break', event: 'We played football. At break Max shouted beanpole across the yard.' }
    const without = await assessPost(quiet, 'en')
    expect(without.findings.filter((f) => f.category === 'bullying')).toEqual([])
    const a = await assessPost(quiet, 'en', [word('beanpole'), word('sleep forever', 'suicide')])
    expect(a.findings.filter((f) => f.watchWord)).toEqual([{ category: 'bullying', severity: 'medium', field: 'event', sentence: 'At break Max shouted beanpole across the yard.', words: 'beanpole', language: 'en', watchWord: true }])
    // A category told at once is told at once.
    const high = await assessPost({ title: '', event: 'Our team lost again. Clara Cupcake.' }, 'en', [word('clara cupcake', 'suicide')])
    expect(high).toMatchObject({ severity: 'high', findings: [{ category: 'suicide', severity: 'high', words: 'Clara Cupcake', before: 'Our team lost again.', watchWord: true }] })
    // Where a rule found the concern in the sentence already, one finding: the rule's, marked as the school's word when it holds it.
    const both = await assessPost({ title: '', event: 'I just want to sleep forever now' }, 'en', [word('sleep forever', 'suicide')])
    expect(both.findings).toEqual([expect.objectContaining({ category: 'suicide', severity: 'high', words: 'just want to sleep forever', watchWord: true })])
  })

  it('the school\'s AI provider\'s "nothing here" never silences a watch word', async () => {
    const server = await startChatServer(() => ({ content: 'none' }))
    try {
      const config = { baseURL: server.baseURL, apiKey: 'k', model: 'm', timeoutMs: 500 }
      const quiet = { title: 'Break', event: 'At break Max shouted beanpole across the yard.' }
      const a = await assessWithSecondOpinion(quiet, 'en', config, [word('beanpole')])
      expect(a).toMatchObject({ severity: 'medium', findings: [{ category: 'bullying', words: 'beanpole', watchWord: true }], opinion: { answer: 'none', decidedBy: 'rules' } })
    } finally {
      await server.close()
    }
  })

  it('the form refuses an empty word, a word over 40 characters, one without letters, and a category not of the taxonomy', () => {
    expect(errorsOf({ phrase: '  ', category: 'bullying' })).toEqual({ phrase: ['validation.required'] })
    expect(errorsOf({ phrase: 'x'.repeat(41), category: 'bullying' })).toEqual({ phrase: [tooLong(40)] })
    expect(errorsOf({ phrase: '!!!', category: 'bullying' })).toEqual({ phrase: ['watchWords.noLetters'] })
    expect(errorsOf({ phrase: 'beanpole', category: 'gossip' })).toEqual({ category: ['watchWords.chooseCategory'] })
    expect(errorsOf({ phrase: 'beanpole', category: '' })).toEqual({ category: ['watchWords.chooseCategory'] })
    expect(errorsOf({ phrase: 'x'.repeat(40), category: 'bullying' })).toEqual({})
  })
})

describe.each(DIALECTS)('watch words on %s', (dialect) => {
  let conn: Awaited<ReturnType<typeof freshDatabase>>
  let school: Awaited<ReturnType<typeof safeguardingSchool>>
  const today = new Date().toISOString().slice(0, 10)
  const post = (event: string, title = 'Break') => ({ title, diaryDate: today, event, emotions: ['B'], behaviour: '6', behaviourText: 'I went home.' })
  const alertsOf = (journalId: number, studentId: number) => conn.db.selectFrom('risk_alerts').selectAll().where('journal_id', '=', journalId).where('student_id', '=', studentId).where('rule', '=', 'words').execute()
  const rows = () => conn.db.selectFrom('watch_words').selectAll().orderBy('id').execute()
  /** The school's words in the alerts' evidence. */
  const watched = (alerts: { reasons: string }[]) =>
    alerts.flatMap((a) => (JSON.parse(a.reasons) as { posts: { findings: { watchWord?: true; words: string }[] }[] }).posts.flatMap((p) => p.findings.filter((f) => f.watchWord).map((f) => f.words)))

  beforeAll(async () => {
    conn = await freshDatabase(dialect)
    school = await safeguardingSchool(conn.db)
  })
  afterAll(() => conn.close())

  it('the journal\'s owner adds a word with its category; a bad or repeated word is refused and nothing is written', async () => {
    const { id, journalId } = school
    const scope = { journalId }
    expect(await addWatchWord(conn.db, id.owner, scope, { phrase: ' Beanpole ', category: 'bullying' })).toMatchObject({ ok: true })
    for (const [input, errors] of [
      [{ phrase: '   ', category: 'bullying' }, { phrase: ['validation.required'] }],
      [{ phrase: 'y'.repeat(41), category: 'bullying' }, { phrase: [tooLong(40)] }],
      [{ phrase: '…!?', category: 'bullying' }, { phrase: ['watchWords.noLetters'] }],
      [{ phrase: 'stick insect', category: 'gossip' }, { category: ['watchWords.chooseCategory'] }],
      // The same word in another case or width is the same word.
      [{ phrase: 'ＢＥＡＮＰＯＬＥ', category: 'suicide' }, { phrase: ['watchWords.duplicate'] }],
    ] as const)
      expect(await addWatchWord(conn.db, id.owner, scope, input)).toEqual({ ok: false, fieldErrors: errors })
    expect((await rows()).map((r) => [r.phrase, r.phrase_key, r.category, r.journal_id, r.team_id, r.added_by])).toEqual([['Beanpole', 'beanpole', 'bullying', journalId, null, id.owner]])
    expect(await watchWordsOf(conn.db, scope)).toEqual([expect.objectContaining({ phrase: 'Beanpole', category: 'bullying', addedBy: 'OWNER' })])
    // The database holds the rule too: one phrase once a list, one list a word.
    const at = new Date().toISOString()
    await expect(conn.db.insertInto('watch_words').values({ journal_id: journalId, team_id: null, phrase: 'beanpole', phrase_key: 'beanpole', category: 'bullying', added_by: null, created_at: at }).execute()).rejects.toThrow(/unique/i)
    await expect(conn.db.insertInto('watch_words').values({ journal_id: journalId, team_id: school.teamId, phrase: 'x', phrase_key: 'x', category: 'bullying', added_by: null, created_at: at }).execute()).rejects.toThrow(/check/i)
  })

  it('rights are the server\'s: a co-teacher, a team teacher, the counsellor and another team\'s admin are refused; nothing is written or removed', async () => {
    const { id, journalId, teamId } = school
    const before = await rows()
    const input = { phrase: 'lanky', category: 'bullying' }
    for (const who of ['cot', 'admin', 'counsellor', 'amy']) await expect(addWatchWord(conn.db, id[who], { journalId }, input), who).rejects.toBeInstanceOf(WatchWordsForbidden)
    for (const who of ['owner', 'cot', 'counsellor', 'otheradmin', 'amy']) await expect(addWatchWord(conn.db, id[who], { teamId }, input), who).rejects.toBeInstanceOf(WatchWordsForbidden)
    await expect(removeWatchWord(conn.db, id.cot, { journalId }, before[0].id)).rejects.toBeInstanceOf(WatchWordsForbidden)
    // Another journal's owner cannot take this journal's word off through their own list.
    expect(await removeWatchWord(conn.db, id.solo, { journalId: school.soloJournalId }, before[0].id)).toBe(false)
    expect(await rows()).toEqual(before)
  })

  it('a post with the word raises an alert with the word shown; removed, the word raises nothing more', async () => {
    const { id, journalId } = school
    await createPost(conn.db, id.amy, journalId, post('We played football. At break Max shouted beanpole across the yard.'))
    const [alert] = await alertsOf(journalId, id.amy)
    expect(alert).toMatchObject({ severity: 'medium', status: 'open' })
    expect(JSON.parse(alert.reasons).posts[0].findings).toContainEqual({ category: 'bullying', severity: 'medium', field: 'event', sentence: 'At break Max shouted beanpole across the yard.', words: 'beanpole', language: 'en', watchWord: true })
    const [{ id: wordId }] = await rows()
    expect(await removeWatchWord(conn.db, id.owner, { journalId }, wordId)).toBe(true)
    expect(await watchWordsForJournal(conn.db, journalId)).toEqual([])
    // The same word again: no new alert, and nothing of the school's words in the evidence.
    await createPost(conn.db, id.amy, journalId, post('Max said beanpole again today.', 'Again'))
    const after = await alertsOf(journalId, id.amy)
    expect(after).toHaveLength(1)
    expect(watched(after)).toEqual(['beanpole'])
  })

  it('a team\'s word, added by its admin, applies to every journal of the team and to no journal elsewhere', async () => {
    const { id, journalId, teamId, soloJournalId } = school
    expect(await addWatchWord(conn.db, id.admin, { teamId }, { phrase: '豬頭', category: 'bullying' })).toMatchObject({ ok: true })
    expect(await watchWordsForJournal(conn.db, journalId)).toEqual([{ key: '猪头', category: 'bullying' }])
    expect(await watchWordsForJournal(conn.db, soloJournalId)).toEqual([])
    const lists = await watchListsOfJournal(conn.db, journalId)
    expect(lists).toMatchObject({ own: [], team: { name: 'Hill School', words: [{ phrase: '豬頭', category: 'bullying', addedBy: 'ADMIN' }] } })
    expect((await watchListsOfJournal(conn.db, soloJournalId)).team).toBeNull()
    await createPost(conn.db, id.ben, journalId, post('下課的時候他們又叫我猪头。', '下課'))
    const [alert] = await alertsOf(journalId, id.ben)
    expect(JSON.parse(alert.reasons).posts[0].findings).toContainEqual(expect.objectContaining({ category: 'bullying', sentence: '下課的時候他們又叫我猪头。', words: '猪头', language: 'zh', watchWord: true }))
    await createPost(conn.db, id.cara, soloJournalId, post('下課的時候他們又叫我豬頭。', '下課'))
    expect(watched(await alertsOf(soloJournalId, id.cara))).toEqual([])
    // The journal's own list may hold the team's word too: each list once.
    expect(await addWatchWord(conn.db, id.owner, { journalId }, { phrase: '猪头', category: 'bullying' })).toMatchObject({ ok: true })
    expect(await addWatchWord(conn.db, id.admin, { teamId }, { phrase: '猪头', category: 'bullying' })).toEqual({ ok: false, fieldErrors: { phrase: ['watchWords.duplicate'] } })
  })
})
