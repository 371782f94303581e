import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sharedBook, shareBook } from '~/features/ebooks/share-links.server'
import { openBook } from '~/features/ebooks/books.server'
import { answerConsent, answerEbookConsent, consentRequests, ebookConsentRequests, makePack, needsConsent, packChoices, packsOf, revokePack, sharedPack, sharePack } from '~/features/privacy/family-pack.server'
import { createPost } from '~/features/students/posts.server'
import { translatorOf } from '~/i18n/middleware.server'
import { DIALECTS, freshDatabase } from '../support/db'
import { safeguardingSchool } from '../support/journals'

const DAY = 86_400_000

async function pdfText(pdf: Uint8Array, page = 1) {
  const doc = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false }).promise
  return (await (await doc.getPage(page)).getTextContent()).items.map((x) => ('str' in x ? x.str : '')).join(' ').replace(/\s+/g, ' ')
}

describe.each(DIALECTS)('family packs on %s', (dialect) => {
  let conn: Awaited<ReturnType<typeof freshDatabase>>
  let s: Awaited<ReturnType<typeof safeguardingSchool>>
  const posts: number[] = []
  const t = translatorOf('en')

  beforeAll(async () => {
    conn = await freshDatabase(dialect)
    s = await safeguardingSchool(conn.db)
    for (const [i, e] of [['3'], ['B'], ['3', 'B']].entries()) posts.push(await createPost(conn.db, s.id.amy, s.journalId, { title: `Week ${i + 1}`, diaryDate: `2026-10-0${i * 3 + 1}`, event: `We went to the museum, day ${i + 1}.`, emotions: e, behaviour: '9', behaviourText: 'I said thank you.' }))
  })
  afterAll(() => conn.close())

  it('the journal\'s rule: under 13 (or age unknown) must agree; always; never', async () => {
    expect(await needsConsent(conn.db, s.journalId, s.id.amy)).toBe(true)
    await conn.db.updateTable('users').set({ birthday: '2010-05-01' }).where('id', '=', s.id.amy).execute()
    expect(await needsConsent(conn.db, s.journalId, s.id.amy, new Date('2026-10-10'))).toBe(false)
    expect(await needsConsent(conn.db, s.journalId, s.id.amy, new Date('2023-04-30'))).toBe(true)
    await conn.db.updateTable('journals').set({ share_consent: 'always' }).where('id', '=', s.journalId).execute()
    expect(await needsConsent(conn.db, s.journalId, s.id.amy, new Date('2026-10-10'))).toBe(true)
    await conn.db.updateTable('journals').set({ share_consent: 'never' }).where('id', '=', s.journalId).execute()
    await conn.db.updateTable('users').set({ birthday: null }).where('id', '=', s.id.amy).execute()
    expect(await needsConsent(conn.db, s.journalId, s.id.amy)).toBe(false)
    await conn.db.updateTable('journals').set({ share_consent: 'under13' }).where('id', '=', s.journalId).execute()
  })

  it('a pack is a PDF of the posts as drawn, the mood over their period and the note; no posts or another\'s are refused', async () => {
    expect(await makePack(conn.db, { journalId: s.journalId, studentId: s.id.amy, userId: s.id.owner, postIds: [], note: '', lang: 'en', t })).toEqual({ ok: false, error: 'familyPack.choosePosts' })
    const ben = await createPost(conn.db, s.id.ben, s.journalId, { title: 'Ben', diaryDate: '2026-10-02', event: 'x', emotions: ['3'], behaviour: '9', behaviourText: '' })
    expect(await makePack(conn.db, { journalId: s.journalId, studentId: s.id.amy, userId: s.id.owner, postIds: [ben], note: '', lang: 'en', t })).toEqual({ ok: false, error: 'familyPack.choosePosts' })
    const made = await makePack(conn.db, { journalId: s.journalId, studentId: s.id.amy, userId: s.id.owner, postIds: [posts[2], posts[0], ben], note: 'Amy has grown so much this term.', lang: 'en', t })
    if (!made.ok) throw new Error(made.error)
    const row = await conn.db.selectFrom('family_packs').selectAll().where('id', '=', made.id).executeTakeFirstOrThrow()
    expect(JSON.parse(row.post_ids)).toEqual([posts[0], posts[2]])
    expect([row.period_from, row.period_to]).toEqual(['2026-10-01', '2026-10-07'])
    const doc = await getDocument({ data: new Uint8Array(row.pdf), useSystemFonts: false }).promise
    // The cover (title, note, mood) and one page a post.
    expect(doc.numPages).toBe(3)
    const cover = (await (await doc.getPage(1)).getTextContent()).items.map((x) => ('str' in x ? x.str : '')).join(' ').replace(/\s+/g, ' ')
    for (const expected of ['AMY: a family pack of Class 5', '2 posts, 2026-10-01 to 2026-10-07', 'A note from OWNER', 'Amy has grown so much this term.', 'Mood over the period']) expect(cover).toContain(expected)
  })

  it('a link waits for the student\'s agreement, opens, expires, and stops when revoked; only the student answers, once', async () => {
    const made = await makePack(conn.db, { journalId: s.journalId, studentId: s.id.amy, userId: s.id.owner, postIds: [posts[1]], note: '', lang: 'en', t })
    if (!made.ok) throw new Error(made.error)
    const token = await sharePack(conn.db, made.id, { days: 7, password: 'family-pass', consentNeeded: true })
    expect((await sharedPack(conn.db, token))?.state).toBe('waiting')
    expect((await consentRequests(conn.db, s.id.amy)).map((r) => r.id)).toEqual([made.id])
    expect(await consentRequests(conn.db, s.id.ben)).toEqual([])
    expect(await answerConsent(conn.db, s.id.ben, made.id, true)).toBe('stale')
    expect(await answerConsent(conn.db, s.id.amy, made.id, true)).toBe('ok')
    expect(await answerConsent(conn.db, s.id.amy, made.id, false)).toBe('stale')
    expect((await sharedPack(conn.db, token))?.state).toBe('open')
    expect((await sharedPack(conn.db, token, new Date(Date.now() + 8 * DAY)))?.state).toBe('expired')
    await revokePack(conn.db, made.id)
    expect((await sharedPack(conn.db, token))?.state).toBe('revoked')
    expect((await packsOf(conn.db, s.journalId, s.id.amy)).find((p) => p.id === made.id)?.link).toBe('revoked')
    expect(await sharedPack(conn.db, 'not-a-token')).toBeNull()
    // Declined: the link stays shut.
    const other = await makePack(conn.db, { journalId: s.journalId, studentId: s.id.amy, userId: s.id.owner, postIds: [posts[1]], note: '', lang: 'en', t })
    if (!other.ok) throw new Error(other.error)
    const second = await sharePack(conn.db, other.id, { days: 3, password: 'family-pass', consentNeeded: true })
    expect(await answerConsent(conn.db, s.id.amy, other.id, false)).toBe('ok')
    expect((await sharedPack(conn.db, second))?.state).toBe('declined')
  })

  it('an e-book\'s share link ends after its days too', async () => {
    const bookId = (await openBook(conn.db, s.journalId, s.id.amy, { userId: s.id.owner, kind: 'teacher' }))!
    const token = await shareBook(conn.db, bookId, null, 3)
    expect(await sharedBook(conn.db, token)).toMatchObject({ bookId, expired: false })
    await conn.db.updateTable('ebook_shares').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('token', '=', token).execute()
    expect(await sharedBook(conn.db, token)).toMatchObject({ bookId, expired: true })
  })

  it('a teacher\'s e-book link waits for the student as a pack\'s does; only the book\'s student answers', async () => {
    const bookId = (await openBook(conn.db, s.journalId, s.id.amy, { userId: s.id.owner, kind: 'teacher' }))!
    const token = await shareBook(conn.db, bookId, 'family-pass', 7, { consentNeeded: true })
    expect(await sharedBook(conn.db, token)).toMatchObject({ closed: 'needed' })
    expect((await ebookConsentRequests(conn.db, s.id.amy)).map((r) => r.id)).toEqual([bookId])
    expect(await answerEbookConsent(conn.db, s.id.ben, bookId, true)).toBe('stale')
    expect(await answerEbookConsent(conn.db, s.id.amy, bookId, true)).toBe('ok')
    expect(await sharedBook(conn.db, token)).toMatchObject({ closed: null })
    expect(await ebookConsentRequests(conn.db, s.id.amy)).toEqual([])
    await shareBook(conn.db, bookId, null, 7, { consentNeeded: true })
    expect(await answerEbookConsent(conn.db, s.id.amy, bookId, false)).toBe('ok')
    expect((await conn.db.selectFrom('ebook_shares').select('token').where('ebook_id', '=', bookId).executeTakeFirstOrThrow()).token).not.toBe(token)
    expect(await sharedBook(conn.db, token)).toBeNull()
  })

  it('asks the student with the titles of the posts the family would see and the teacher\'s note (decision 0063)', async () => {
    const made = await makePack(conn.db, { journalId: s.journalId, studentId: s.id.amy, userId: s.id.owner, postIds: [posts[2], posts[0]], note: 'She writes every day now.', lang: 'en', t })
    if (!made.ok) throw new Error(made.error)
    await sharePack(conn.db, made.id, { days: 7, password: 'family-pass', consentNeeded: true })
    const asked = (await consentRequests(conn.db, s.id.amy)).find((r) => r.id === made.id)
    expect(asked).toMatchObject({ note: 'She writes every day now.', teacher: 'OWNER', from: '2026-10-01', to: '2026-10-07' })
    expect(asked?.posts).toEqual([expect.objectContaining({ id: posts[0], title: 'Week 1', diaryDate: '2026-10-01' }), expect.objectContaining({ id: posts[2], title: 'Week 3', diaryDate: '2026-10-07' })])
  })

  it('leaves out a post under an alert unless the teacher puts it back, says so, and counts it nowhere (decision 0063)', async () => {
    // Amy writes it between two of the pack's posts: the content assessment raises a high alert.
    const dark = await createPost(conn.db, s.id.amy, s.journalId, { title: 'Night', diaryDate: '2026-10-04', event: 'After school I cried. Sometimes I want to die.', emotions: ['B'], behaviour: '9', behaviourText: '' })
    const choices = await packChoices(conn.db, s.journalId, s.id.amy)
    expect(choices.posts.map((p) => p.id)).toEqual([posts[2], posts[1], posts[0]])
    expect(choices.heldBack).toEqual([expect.objectContaining({ postId: dark, title: 'Night', severity: 'high', open: true })])

    // Chosen anyway (a form sent before the alert): left out, and named.
    const made = await makePack(conn.db, { journalId: s.journalId, studentId: s.id.amy, userId: s.id.owner, postIds: [posts[0], dark, posts[2]], note: '', lang: 'en', t })
    if (!made.ok) throw new Error(made.error)
    expect(made.leftOut.map((h) => h.postId)).toEqual([dark])
    const row = await conn.db.selectFrom('family_packs').select(['post_ids', 'pdf']).where('id', '=', made.id).executeTakeFirstOrThrow()
    expect(JSON.parse(row.post_ids)).toEqual([posts[0], posts[2]])
    // The mood counts it nowhere: the week of 1 and 4 October has one good post and one difficult (Week 2), not two.
    const cover = await pdfText(row.pdf)
    expect(cover).toContain('2 posts, 2026-10-01 to 2026-10-07')
    expect(cover).toMatch(/09-28 1 0 1 10-05 0 1 0/)
    expect(await makePack(conn.db, { journalId: s.journalId, studentId: s.id.amy, userId: s.id.owner, postIds: [dark], note: '', lang: 'en', t })).toEqual({ ok: false, error: 'familyPack.choosePosts' })

    // Put back knowingly: in the pack and its mood.
    const back = await makePack(conn.db, { journalId: s.journalId, studentId: s.id.amy, userId: s.id.owner, postIds: [posts[0], posts[2]], putBack: [dark], note: '', lang: 'en', t })
    if (!back.ok) throw new Error(back.error)
    expect(back.leftOut).toEqual([])
    const row2 = await conn.db.selectFrom('family_packs').select(['post_ids', 'pdf']).where('id', '=', back.id).executeTakeFirstOrThrow()
    expect(JSON.parse(row2.post_ids)).toEqual([posts[0], dark, posts[2]])
    expect(await pdfText(row2.pdf)).toMatch(/09-28 1 0 2 10-05 0 1 0/)
  })
})
