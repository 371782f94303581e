import ExcelJS from 'exceljs'
import i18next from 'i18next'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkExport, exportRequestOf, exportWorkbook, type ExportRequest } from '~/features/export/export.server'
import { createJournal } from '~/features/journals/settings.server'
import { addComment } from '~/features/posts/comments.server'
import { createPost } from '~/features/students/posts.server'
import { resources } from '~/i18n/resources'
import { DIALECTS, freshDatabase } from '../support/db'
import { accountsFor } from '../support/people'

const t = (() => {
  const i = i18next.createInstance()
  void i.init({ lng: 'en', resources, fallbackLng: 'en', interpolation: { escapeValue: false }, initAsync: false })
  return i.t
})()

async function read(stream: NodeJS.ReadableStream) {
  const chunks: Buffer[] = []
  for await (const c of stream) chunks.push(Buffer.from(c as Buffer))
  const book = new ExcelJS.Workbook()
  const all = Buffer.concat(chunks)
  await book.xlsx.load(all.buffer.slice(all.byteOffset, all.byteOffset + all.byteLength) as ArrayBuffer)
  const sheet = book.worksheets[0]
  const rows: unknown[][] = []
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)))
  return { sheet, rows }
}

describe.each(DIALECTS)('export on %s', (dialect) => {
  let conn: Awaited<ReturnType<typeof freshDatabase>>
  let journalId: number
  let teacher: number
  const users: Record<string, number> = {}
  beforeAll(async () => {
    conn = await freshDatabase(dialect)
    Object.assign(users, await accountsFor(conn.db, ['t', 'amy', 'ben', 'cat']))
    teacher = users.t
    const j = await createJournal(conn.db, { userId: teacher, planLimit: 30 }, { name: 'J', labelColorCode: '1', speechLang: 'en', display: 'list', expireType: '1', studentLimit: '5', shareType: '3' })
    if (!j.ok) throw new Error('journal')
    journalId = j.id
    for (const s of ['amy', 'ben', 'cat']) await conn.db.insertInto('journal_members').values({ journal_id: j.id, user_id: users[s], role: 'student', drp_status: 1, joined_at: '2026-11-01T00:00:00Z' }).execute()
    // Ben's text tries to be a formula; Amy writes twice; Cat writes nothing in range.
    await createPost(conn.db, users.ben, journalId, { title: '=HYPERLINK("http://x","click")', diaryDate: '2026-11-02', location: '+1 room', happenTime: '@noon', event: '-2 points', emotions: ['B'], behaviour: '4', behaviourText: 'I breathed.' })
    const amy1 = await createPost(conn.db, users.amy, journalId, { title: 'Park', diaryDate: '2026-11-03', event: 'We ran.', emotions: ['3', '4'], behaviour: '9' })
    await createPost(conn.db, users.amy, journalId, { title: 'Rain', diaryDate: '2026-11-01', event: 'Wet shoes.', emotions: ['16'], behaviour: '10' })
    await createPost(conn.db, users.cat, journalId, { title: 'Old', diaryDate: '2026-10-01', event: 'Long ago.', emotions: ['3'], behaviour: '1' })
    await addComment(conn.db, { postId: amy1, block: null, authorId: teacher, comment: 'Lovely!', type: 3 })
  })
  afterAll(() => conn.close())
  const req = (over: Partial<ExportRequest> = {}): ExportRequest => ({ journalId, format: 'raw', start: '2026-11-01', end: '2026-11-20', studentIds: null, sort: 'time', order: 'asc', timeZone: 'Asia/Taipei', ...over })

  it('writes posting times in the zone of the pages (the request\'s), not in UTC', async () => {
    await conn.db.updateTable('posts').set({ created_at: '2026-11-02T20:30:00.000Z' }).where('title', '=', 'Park').execute()
    const postedAt = async (timeZone: string) => (await read(exportWorkbook(conn.db, req({ timeZone }), t))).rows.find((r) => r[5] === 'Park')![4]
    expect(await postedAt('Asia/Taipei')).toBe('2026-11-03 04:30')
    expect(await postedAt('Europe/London')).toBe('2026-11-02 20:30')
    expect(await postedAt('Asia/Tokyo')).toBe('2026-11-03 05:30')
  })

  it('raw data by time: every cell as written, text that looks like a formula stays text, also in a CSV saved from it', async () => {
    const { sheet, rows } = await read(exportWorkbook(conn.db, req(), t))
    expect(rows[0]).toEqual(['Post ID', 'Account', 'Student', 'Diary date', 'Posted at', 'Title', 'Place', 'Time', 'What happened', 'Feelings', 'What I did', 'More about what I did', 'Status', 'Comments'])
    expect(rows.slice(1).map((r) => [r[1], r[3], r[5]])).toEqual([
      ['amy', '2026-11-01', 'Rain'],
      ['ben', '2026-11-02', `'=HYPERLINK("http://x","click")`],
      ['amy', '2026-11-03', 'Park'],
    ])
    const ben = sheet.getRow(3)
    // A leading apostrophe: the text a CSV saved from the sheet would turn into formulas (OWASP).
    expect([ben.getCell(6).value, ben.getCell(7).value, ben.getCell(8).value, ben.getCell(9).value]).toEqual([`'=HYPERLINK("http://x","click")`, "'+1 room", "'@noon", "'-2 points"])
    sheet.eachRow((row) => row.eachCell((cell) => expect(cell.type === ExcelJS.ValueType.Formula || cell.formula !== undefined).toBe(false)))
    expect(rows[3].slice(9)).toEqual(['Happy, Proud', 'Gratitude', undefined, 'Published', 1]) // an empty text is an empty cell
  })

  it('by student name, descending; chosen students only', async () => {
    const { rows } = await read(exportWorkbook(conn.db, req({ sort: 'name', order: 'desc' }), t))
    expect(rows.slice(1).map((r) => `${r[1]} ${r[5]}`)).toEqual([`ben '=HYPERLINK("http://x","click")`, 'amy Rain', 'amy Park'])
    const only = await read(exportWorkbook(conn.db, req({ studentIds: [users.ben] }), t))
    expect(only.rows.length).toBe(2)
  })

  it('B-card: the posts with the teachers feedback', async () => {
    const { rows } = await read(exportWorkbook(conn.db, req({ format: 'bcard' }), t))
    expect(rows[0]).toEqual(['Student', 'Account', 'Diary date', 'Title', 'What happened', 'Feelings', 'What I did', 'More about what I did', 'Comments'])
    expect(rows[3]).toEqual(['amy', 'amy', '2026-11-03', 'Park', 'We ran.', 'Happy, Proud', 'Gratitude', undefined, '[Praise] t: Lovely!'])
  })

  it('checks: generating (13000), not all chosen students (13001), no data, a B-card without comments (-13001)', async () => {
    expect(await checkExport(conn.db, req())).toEqual({ code: '13000', posts: 3, missing: [] })
    expect(await checkExport(conn.db, req({ studentIds: [users.amy, users.cat] }))).toEqual({ code: '13001', posts: 2, missing: ['cat'] })
    expect(await checkExport(conn.db, req({ start: '2026-11-10' }))).toEqual({ code: 'no-data' })
    expect(await checkExport(conn.db, req({ format: 'bcard', end: '2026-11-02' }))).toEqual({ code: '-13001' })
  })

  it('refuses missing, reversed or future dates, and students of no journal of theirs', async () => {
    const ask = (q: string) => exportRequestOf(conn.db, new URLSearchParams(q), journalId, '2026-11-21')
    expect(await ask('start=2026-11-01')).toEqual({ ok: false, error: 'no-date' })
    expect(await ask('start=2026-11-05&end=2026-11-01')).toEqual({ ok: false, error: 'no-date' })
    expect(await ask('start=2026-11-01&end=2026-11-22')).toEqual({ ok: false, error: 'no-date' })
    expect(await ask(`start=2026-11-01&end=2026-11-21&students=selected&sid=${teacher}`)).toEqual({ ok: false, error: 'students' })
    const ok = await ask(`start=2026-11-01&end=2026-11-21&students=selected&sid=${users.amy}&format=bcard&sort=name&order=desc`)
    expect(ok).toEqual({ ok: true, request: { journalId, format: 'bcard', start: '2026-11-01', end: '2026-11-21', studentIds: [users.amy], sort: 'name', order: 'desc', timeZone: 'Asia/Taipei' } })
  })
})
