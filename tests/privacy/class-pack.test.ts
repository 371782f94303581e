import { randomUUID } from 'node:crypto'
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { classJobFile } from '~/features/jobs/class-jobs.server'
import { classPackJob, runClassPack, startClassPack } from '~/features/privacy/class-pack.server'
import { createPost } from '~/features/students/posts.server'
import { translatorFor } from '~/i18n/middleware.server'
import { DIALECTS, freshDatabase } from '../support/db'
import { ebookClass } from '../support/journals'

async function pdfPages(pdf: Uint8Array) {
  const doc = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false }).promise
  const pages: string[] = []
  for (let i = 1; i <= doc.numPages; i++) pages.push((await (await doc.getPage(i)).getTextContent()).items.map((x) => ('str' in x ? x.str : '')).join(' ').replace(/\s+/g, ' '))
  return pages
}

describe.each(DIALECTS)('parent meetings for the class on %s', (dialect) => {
  let conn: Awaited<ReturnType<typeof freshDatabase>>
  let c: Awaited<ReturnType<typeof ebookClass>>
  const t = (lang: 'en' | 'zh-TW' | 'ja') => translatorFor(lang).t

  beforeAll(async () => {
    conn = await freshDatabase(dialect)
    // Amy has five posts in October, Ben none; a quiz run twice (Amy 10 then 14), another once (Ben 7).
    c = await ebookClass(conn.db, 5)
    const quiz = async (title: string) =>
      (await conn.db.insertInto('quizzes').values({ lang: 'en', title, questions: '[]', created_at: new Date().toISOString() }).returning('id').executeTakeFirstOrThrow()).id
    // A run is closed before the next round opens (one open run of a quiz at a time).
    const run = async (quizId: number, round: number) => {
      await conn.db.updateTable('journal_quizzes').set({ closed_at: new Date().toISOString() }).where('journal_id', '=', c.journalId).where('quiz_id', '=', quizId).execute()
      return (await conn.db.insertInto('journal_quizzes').values({ journal_id: c.journalId, quiz_id: quizId, round, opened_by: c.id.owner, opened_at: new Date().toISOString(), closed_at: null }).returning('id').executeTakeFirstOrThrow()).id
    }
    const result = (runId: number, studentId: number, total: number) =>
      conn.db.insertInto('quiz_results').values({ uuid: randomUUID(), run_id: runId, journal_id: c.journalId, student_id: studentId, answers: '[]', total, created_at: new Date().toISOString() }).execute()
    const feelings = await quiz('Feelings check')
    await result(await run(feelings, 1), c.id.amy, 10)
    await result(await run(feelings, 2), c.id.amy, 14)
    await result(await run(await quiz('Friends check'), 1), c.id.ben, 7)
  })
  afterAll(() => conn.close())

  it("makes one PDF for the class once for two clicks: a page each, by name, with the period's posts and mood and each quiz's first and latest", async () => {
    const start = () => startClassPack(conn.db, { journalId: c.journalId, teacherId: c.id.owner, studentIds: [c.id.ben, c.id.amy], from: '2026-10-01', to: '2026-10-31', lang: 'en' })
    expect(await Promise.all([start(), start()])).toEqual(expect.arrayContaining(['started', 'running']))
    await runClassPack(conn.db, c.journalId, t, '2026-11-26')
    const job = (await classPackJob(conn.db, c.journalId))!
    expect([job.status, job.done, job.total, job.hasFile]).toEqual(['done', 2, 2, true])
    const pages = await pdfPages((await classJobFile(conn.db, c.journalId, 'packs'))!.file)
    expect(pages[0]).toContain('Parent meetings: 501 心情日記')
    expect(pages[0]).toContain('2026-10-01 to 2026-10-31 · 2 students')
    // By name: AMY, then BEN.
    const amy = pages.findIndex((p) => p.includes('5 posts from 2026-10-01 to 2026-10-31'))
    const ben = pages.findIndex((p) => p.includes('0 posts from 2026-10-01 to 2026-10-31'))
    expect(amy).toBeGreaterThan(0)
    expect(ben).toBeGreaterThan(amy)
    expect(pages[amy]).toContain('AMY')
    expect(pages[amy]).toMatch(/Feelings check 10 14 \+4/)
    expect(pages[ben]).toMatch(/Friends check 7 – –/)
    expect(pages[ben]).toContain('None in this period')
  })

  it("is laid out in the teacher's language", async () => {
    expect(await startClassPack(conn.db, { journalId: c.journalId, teacherId: c.id.owner, studentIds: [c.id.amy], from: '2026-10-01', to: '2026-10-31', lang: 'ja' })).toBe('started')
    await runClassPack(conn.db, c.journalId, t, '2026-11-26')
    const pages = (await pdfPages((await classJobFile(conn.db, c.journalId, 'packs'))!.file)).map((p) => p.replace(/\s/g, ''))
    expect(pages[0]).toContain('保護者面談：501心情日記')
    expect(pages.join('')).toContain('アセスメント：最初と最新の結果')
  })

  it('carries the posts of the period as written, but one under an alert unless the teacher put it back, counted nowhere (decision 0063)', async () => {
    // Amy writes that she wants to die: the content assessment raises a high alert on it.
    const dark = await createPost(conn.db, c.id.amy, c.journalId, { title: 'Night', diaryDate: '2026-10-10', event: 'After school I cried. Sometimes I want to die.', emotions: ['B'], behaviour: '9', behaviourText: '' })
    const make = async (putBack?: number[]) => {
      expect(await startClassPack(conn.db, { journalId: c.journalId, teacherId: c.id.owner, studentIds: [c.id.amy], from: '2026-10-01', to: '2026-10-31', lang: 'en', putBack })).toBe('started')
      await runClassPack(conn.db, c.journalId, t, '2026-11-26')
      return { job: (await classPackJob(conn.db, c.journalId))!, text: (await pdfPages((await classJobFile(conn.db, c.journalId, 'packs'))!.file)).join(' ') }
    }
    const held = await make()
    // The promise kept: her posts as she wrote them, under their day and title.
    expect(held.text).toContain('Their posts')
    expect(held.text.replace(/\s/g, '')).toContain('2026-10-02·第1天今天是第1天，我們在教室裡玩遊戲。我很開心。Feelings:HappyWhattheydid:Gratitude')
    // The post under the alert is not there, nor counted, nor its feeling; the teacher's page names it.
    expect(held.text).toContain('5 posts from 2026-10-01 to 2026-10-31')
    expect(held.text).not.toContain('want to die')
    expect(held.text).not.toContain('Night')
    expect(held.text).toContain('Most written hard feelings None in this period')
    expect(held.job.results[0].leftOut).toEqual([expect.objectContaining({ postId: dark, severity: 'high', open: true })])

    const back = await make([dark])
    expect(back.text).toContain('6 posts from 2026-10-01 to 2026-10-31')
    expect(back.text).toContain('2026-10-10 · Night')
    expect(back.text).toContain('After school I cried. Sometimes I want to die.')
    expect(back.job.results[0].leftOut).toBeUndefined()
  })
})
