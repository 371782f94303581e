import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createJournal, ticketsFor } from '~/features/journals/settings.server'
import { bookWithResources, journalResources, resourceBooks, startFromSampleCode } from '~/features/samples/books.server'
import { createSample, mySamples, publishedSamples, readableSample, updateSample } from '~/features/samples/samples.server'
import { SampleSchema } from '~/features/samples/schema'
import { DIALECTS, freshDatabase } from '../support/db'
import { accountsFor } from '../support/people'

describe('sample journal form rules', () => {
  const issues = (values: Record<string, string>) => {
    const r = SampleSchema.safeParse({ name: 'S', labelColorCode: '1', studentLimit: '30', speechLang: 'en', ...values })
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}:${i.message}`).sort()
  }
  it('takes limits 10 to 80 in tens, zh or en, and AI scoring only for en', () => {
    expect(issues({})).toEqual([])
    expect(issues({ studentLimit: '35' })).toEqual(['studentLimit:validation.required'])
    expect(issues({ studentLimit: '90' })).toEqual(['studentLimit:validation.required'])
    expect(issues({ speechLang: 'ja' })).toEqual(['speechLang:validation.required'])
    expect(issues({ speechLang: 'zh', aiScoring: 'on' })).toEqual(['aiScoring:journalSettings.aiScoringEnglishOnly'])
  })
})

describe.each(DIALECTS)('samples, books and codes on %s', (dialect) => {
  let conn: Awaited<ReturnType<typeof freshDatabase>>
  let teacher: number
  let other: number
  let paidBook: number
  const day = 86_400_000
  const iso = (ms: number) => new Date(Date.now() + ms).toISOString()
  beforeAll(async () => {
    conn = await freshDatabase(dialect)
    ;({ teacher, other } = await accountsFor(conn.db, ['teacher', 'other']))
    const book = (course_code: string, has_pay: number) =>
      conn.db.insertInto('resource_books').values({ name: `Book ${course_code}`, description: '', label_color_code: 2, speech_lang: 'en', student_limit: 30, has_pay, course_code, intro_url: null, created_at: iso(0) }).returning('id').executeTakeFirstOrThrow()
    const free = (await book('FREE1', 0)).id
    paidBook = (await book('PAID1', 1)).id
    await conn.db.insertInto('resources').values([
      { book_id: free, title: 'Free sheet', link: '/r/free.pdf', type: 'pdf', sort: 1 },
      { book_id: paidBook, title: 'Paid sheet', link: '/r/paid.pdf', type: 'pdf', sort: 1 },
    ]).execute()
    const code = (exchange_code: string, extra: object = {}) => ({ exchange_code, owner_id: null, book_id: paidBook, plan_days: 30, student_limit: 40, exchange_expire_date: iso(day), sold_date: null, created_at: iso(0), ...extra })
    await conn.db.insertInto('plan_codes').values([code('GOOD1'), code('GOOD2'), code('OLD1', { exchange_expire_date: iso(-day) }), code('OTHER1', { book_id: free })]).execute()
    await conn.db.insertInto('contests').values([
      { code: 'ct_open', name: 'Open contest', starts_at: iso(-day), ends_at: iso(day), max_journals: 1, created_at: iso(0) },
      { code: 'ct_done', name: 'Done contest', starts_at: iso(-2 * day), ends_at: iso(-day), max_journals: 9, created_at: iso(0) },
    ]).execute()
  })
  afterAll(() => conn.close())

  it('lists published samples for all and drafts only for their author', async () => {
    const values = { name: 'Draft', labelColorCode: '2', studentLimit: '20', speechLang: 'zh' }
    const id = await createSample(conn.db, teacher, values)
    expect(await publishedSamples(conn.db)).toEqual([])
    await expect(readableSample(conn.db, id, other)).rejects.toMatchObject({ init: { status: 404 } })
    await updateSample(conn.db, id, { ...values, published: 'on' })
    expect((await publishedSamples(conn.db)).map((s) => s.name)).toEqual(['Draft'])
    expect((await readableSample(conn.db, id, other)).studentLimit).toBe(20)
    expect(await mySamples(conn.db, other)).toEqual([])
  })

  it('refuses unknown, expired, other-book and used plan codes and writes nothing', async () => {
    const owner = { userId: teacher, planLimit: 100 }
    const journals = () => conn.db.selectFrom('journals').select('id').where('owner_id', '=', teacher).execute()
    expect(await startFromSampleCode(conn.db, owner, { sampleCode: 'NOPE' })).toEqual({ ok: false, field: 'sampleCode', error: 'catalogue.invitationCodeError' })
    expect(await startFromSampleCode(conn.db, owner, { sampleCode: 'paid1', planCode: 'NOPE' })).toMatchObject({ field: 'planCode', error: 'catalogue.bookSerialUnknown' })
    expect(await startFromSampleCode(conn.db, owner, { sampleCode: 'PAID1', planCode: 'OLD1' })).toMatchObject({ error: 'catalogue.bookSerialUnknown' })
    expect(await startFromSampleCode(conn.db, owner, { sampleCode: 'PAID1', planCode: 'OTHER1' })).toMatchObject({ error: 'catalogue.bookSerialUnknown' })
    expect(await journals()).toEqual([])
  })

  it('a plan code opens a paid book for its journal and its teacher, once', async () => {
    const owner = { userId: teacher, planLimit: 100 }
    expect((await bookWithResources(conn.db, String(paidBook), teacher)).resources[0].link).toBeNull()
    const started = await startFromSampleCode(conn.db, owner, { sampleCode: 'PAID1', planCode: 'good1' })
    if (!started.ok) throw new Error(started.error)
    const found = await journalResources(conn.db, started.journalId)
    expect(found?.book.locked).toBe(false)
    expect(found?.resources.map((r) => r.link)).toEqual(['/r/paid.pdf'])
    expect((await resourceBooks(conn.db, teacher)).find((b) => b.id === paidBook)?.locked).toBe(false)
    expect((await resourceBooks(conn.db, other)).find((b) => b.id === paidBook)?.locked).toBe(true)
    // The code pays for the journal's 40 students: the plan's tickets are untouched.
    expect((await ticketsFor(conn.db, teacher, 100)).max).toBe(100)
    expect(await startFromSampleCode(conn.db, { userId: other, planLimit: 100 }, { sampleCode: 'PAID1', planCode: 'GOOD1' })).toMatchObject({ error: 'catalogue.bookSerialUsed' })
  })

  it('without a plan code a course book takes the plan tickets, and needs some', async () => {
    const started = await startFromSampleCode(conn.db, { userId: other, planLimit: 10 }, { sampleCode: 'FREE1' })
    if (!started.ok) throw new Error(started.error)
    const j = await conn.db.selectFrom('journals').select(['diary_publish_num', 'resource_book_id']).where('id', '=', started.journalId).executeTakeFirstOrThrow()
    expect(j.diary_publish_num).toBe(10)
    expect(await startFromSampleCode(conn.db, { userId: other, planLimit: 10 }, { sampleCode: 'FREE1' })).toMatchObject({ error: 'journal.startNoTickets' })
    const paid = await startFromSampleCode(conn.db, { userId: other, planLimit: 50 }, { sampleCode: 'PAID1' })
    if (!paid.ok) throw new Error(paid.error)
    expect((await journalResources(conn.db, paid.journalId))?.book.locked).toBe(true)
  })

  it('verifies contest codes: unknown, finished, already in, full; a valid one starts a quest journal', async () => {
    const owner = { userId: teacher, planLimit: 100 }
    expect(await startFromSampleCode(conn.db, owner, { sampleCode: 'ct_nope' })).toMatchObject({ error: 'catalogue.invitationCodeError' })
    expect(await startFromSampleCode(conn.db, owner, { sampleCode: 'ct_done' })).toMatchObject({ error: 'catalogue.contestFinished' })
    const started = await startFromSampleCode(conn.db, owner, { sampleCode: 'ct_open' })
    if (!started.ok) throw new Error(started.error)
    const j = await conn.db.selectFrom('journals').select(['share_type', 'contest_id']).where('id', '=', started.journalId).executeTakeFirstOrThrow()
    expect(j.share_type).toBe('5')
    expect(await startFromSampleCode(conn.db, owner, { sampleCode: 'ct_open' })).toMatchObject({ error: 'catalogue.contestAlreadyIn' })
    expect(await startFromSampleCode(conn.db, { userId: other, planLimit: 100 }, { sampleCode: 'ct_open' })).toMatchObject({ error: 'catalogue.contestFull' })
  })

  it('a journal created from settings still counts against the tickets', async () => {
    const before = (await ticketsFor(conn.db, teacher, 100)).max
    await createJournal(conn.db, { userId: teacher, planLimit: 100 }, { name: 'X', labelColorCode: '1', speechLang: 'en', display: 'list', expireType: '1', studentLimit: '5', shareType: '2' })
    expect((await ticketsFor(conn.db, teacher, 100)).max).toBe(before - 5)
  })
})
