import { createHash, randomBytes } from 'node:crypto'
import type { TFunction } from 'i18next'
import type { DB } from '~/db/connect.server'
import type { PackConsent } from '~/db/schema'
import { nowIso } from '~/db/time'
import { documentPdf, typstText, type DocumentLang } from '~/features/documents/typst.server'
import { hashPassword } from '~/features/auth/password.server'
import { withDetails } from '~/features/posts/feed.server'
import { COMPOSE_TYPES } from '~/features/posts/compose-types'
import { renderPostImage } from '~/features/posts/post-image.server'
import { pictureBytes } from '~/features/posts/pictures.server'
import { POST_STATUS } from '~/features/posts/constants'
import { moodPoint } from '~/features/alerts/rules'
import { heldBackPosts, withoutHeldBack, type HeldBack } from '~/features/alerts/held-back.server'
import { addDays } from '~/shared/dates'
import { DAY_MS } from './constants'
import { isStudentDataOpen } from '~/features/student-door.server'

/** A family pack (decision 0047): a few posts for a parent meeting, a note, and a share link that ends. */
export const PACK_POSTS_MAX = 12
export const PACK_NOTE_MAX = 1000
export const SHARE_DAYS = { default: 7, max: 30 } as const
/** Below this age a student agrees before their diary is shared (the journal's default rule). */
export const CONSENT_AGE = 13

/**
 * The student's posts a teacher picks from (the newest 60), and apart from them the posts held back
 * under an alert (decision 0063): those go into a pack only when the teacher puts one back.
 */
export async function packChoices(db: DB, journalId: number, studentId: number) {
  const [posts, held] = await Promise.all([
    db
      .selectFrom('posts')
      .select(['id', 'title', 'diary_date as diaryDate'])
      .where('journal_id', '=', journalId)
      .where('creator_id', '=', studentId)
      .where('status', '=', POST_STATUS.published)
      .orderBy('diary_date', 'desc')
      .orderBy('id', 'desc')
      .limit(60)
      .execute(),
    heldBackPosts(db, journalId, { studentIds: [studentId] }),
  ])
  return { posts: posts.filter((p) => !held.has(p.id)), heldBack: [...held.values()] }
}

/** Whether the student must agree before a link to their diary is shared: the journal's rule, and their age from their birthday (unknown counts as young). */
export async function needsConsent(db: DB, journalId: number, studentId: number, now = new Date()) {
  const [journal, student] = await Promise.all([
    db.selectFrom('journals').select('share_consent').where('id', '=', journalId).executeTakeFirstOrThrow(),
    db.selectFrom('users').select('birthday').where('id', '=', studentId).executeTakeFirstOrThrow(),
  ])
  if (journal.share_consent === 'never') return false
  if (journal.share_consent === 'always' || !student.birthday) return true
  const [y, m, d] = student.birthday.split('-').map(Number)
  const today = now.toISOString().slice(0, 10)
  const birthday13 = `${String(y + CONSENT_AGE).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`
  return today < birthday13
}

export type MoodWeek = { week: string; positive: number; negative: number; mixed: number }

/**
 * The student's mood over a period: every post of theirs, counted by week (Monday to Sunday), but
 * those held back under an alert and not put back (decision 0063): a family's figures tell of no post
 * left out of what it reads.
 */
export async function moodByWeek(db: DB, journalId: number, studentId: number, from: string, to: string, heldBack: Set<number> = new Set()): Promise<MoodWeek[]> {
  const rows = await db
    .selectFrom('posts')
    .select(['id', 'diary_date as date', 'mood_p', 'mood_n'])
    .where('journal_id', '=', journalId)
    .where('creator_id', '=', studentId)
    .where('status', '=', POST_STATUS.published)
    .where('diary_date', '>=', from)
    .where('diary_date', '<=', to)
    .execute()
  return weeksOf(rows.filter((r) => !heldBack.has(r.id)))
}

/** Posts counted by week (Monday to Sunday): good, difficult or mixed feelings. */
export function weeksOf(rows: { date: string; mood_p: number; mood_n: number }[]): MoodWeek[] {
  const weeks = new Map<string, MoodWeek>()
  for (const r of rows) {
    const day = new Date(`${r.date}T00:00:00Z`).getUTCDay() || 7
    const week = addDays(r.date, 1 - day)
    const w = weeks.get(week) ?? { week, positive: 0, negative: 0, mixed: 0 }
    const point = moodPoint(r.mood_p === 1, r.mood_n === 1)
    if (point > 0) w.positive++
    else if (point < 0) w.negative++
    else w.mixed++
    weeks.set(week, w)
  }
  return [...weeks.values()].sort((a, b) => a.week.localeCompare(b.week))
}

/** The mood as Typst bars: a column a week, positive green up, negative orange down, mixed grey; the numbers under it. */
export function moodChart(weeks: MoodWeek[], t: (key: string, v?: Record<string, unknown>) => string) {
  if (weeks.length === 0) return typstText(t('familyPack.noMood'))
  const unit = 6
  const columns = weeks
    .map((w) => `stack(dir: btt, spacing: 0pt, rect(width: 14pt, height: ${w.positive * unit}pt, fill: rgb("#2e7d32")), rect(width: 14pt, height: ${w.mixed * unit}pt, fill: luma(170)))`)
    .join(', ')
  const down = weeks.map((w) => `rect(width: 14pt, height: ${w.negative * unit}pt, fill: rgb("#b4531d"))`).join(', ')
  const rows = weeks.map((w) => `[${typstText(w.week.slice(5))}], [${w.positive}], [${w.mixed}], [${w.negative}],`).join(' ')
  return [
    `#grid(columns: ${weeks.length}, column-gutter: 4pt, align: bottom, ${columns})`,
    `#grid(columns: ${weeks.length}, column-gutter: 4pt, align: top, ${down})`,
    `#text(size: 8pt)[${typstText(t('familyPack.moodLegend'))}]`,
    `#table(columns: 4, stroke: 0.4pt + luma(180), inset: 4pt, [*${typstText(t('familyPack.week'))}*], [*${typstText(t('familyPack.positive'))}*], [*${typstText(t('familyPack.mixed'))}*], [*${typstText(t('familyPack.negative'))}*], ${rows})`,
  ].join('\n')
}

export type MakePack = { ok: true; id: number; leftOut: HeldBack[] } | { ok: false; error: 'familyPack.choosePosts' | 'familyPack.tooManyPosts' }

/**
 * Makes a family pack: the chosen posts drawn as the post image shows them (one renderer, spec 2's
 * image export), the student's mood over the period they span, the teacher's note, as one PDF kept
 * with the pack. Posts not the student's in this journal are ignored; a post held back under an
 * alert (decision 0063) is left out, and said to be, unless the teacher put it back (`putBack`).
 */
export async function makePack(db: DB, v: { journalId: number; studentId: number; userId: number; postIds: number[]; putBack?: number[]; note: string; lang: DocumentLang; t: TFunction }): Promise<MakePack> {
  const chosen = [...new Set([...v.postIds, ...(v.putBack ?? [])])]
  if (chosen.length === 0) return { ok: false, error: 'familyPack.choosePosts' }
  if (chosen.length > PACK_POSTS_MAX) return { ok: false, error: 'familyPack.tooManyPosts' }
  const held = await heldBackPosts(db, v.journalId, { studentIds: [v.studentId] })
  const { kept, leftOut } = withoutHeldBack(chosen, held, v.putBack)
  if (kept.length === 0) return { ok: false, error: 'familyPack.choosePosts' }
  const heads = await db
    .selectFrom('posts as p')
    .innerJoin('users as u', 'u.id', 'p.creator_id')
    .innerJoin('journals as j', 'j.id', 'p.journal_id')
    .select((eb) => ['p.id', 'p.title', 'p.diary_date as diaryDate', 'p.location', 'p.happen_time as happenTime', 'j.name as journal', eb.fn.coalesce('u.name', 'u.account').as('author')])
    .where('p.id', 'in', kept)
    .where('p.journal_id', '=', v.journalId)
    .where('p.creator_id', '=', v.studentId)
    .where('p.status', '=', POST_STATUS.published)
    .orderBy('p.diary_date')
    .orderBy('p.id')
    .execute()
  if (heads.length === 0) return { ok: false, error: 'familyPack.choosePosts' }
  const posts = await withDetails(db, heads)
  const tr = v.t as unknown as (key: string, values?: Record<string, unknown>) => string
  const from = heads[0].diaryDate
  const to = heads.at(-1)!.diaryDate
  const pictures = new Map<string, Buffer>()
  const drawn: string[] = []
  for (const p of posts) {
    const png = await renderPostImage({ ...p, author: p.author ?? '', frames: p.frames.map((f) => ({ ...f, type: f.type })) }, COMPOSE_TYPES.bamboo, v.t, (url) => pictureBytes(db, url))
    const path = `/family/${createHash('sha1').update(png).digest('hex')}.png`
    pictures.set(path, png)
    drawn.push(`#pagebreak()\n#align(center)[#image("${path}", width: 100%, height: 100%, fit: "contain")]`)
  }
  const title = tr('familyPack.pdfTitle', { name: heads[0].author, journal: heads[0].journal })
  const teacher = (await db.selectFrom('users').select((eb) => eb.fn.coalesce('name', 'account').as('name')).where('id', '=', v.userId).executeTakeFirstOrThrow()).name
  const body = [
    `= ${typstText(title)}`,
    typstText(tr('familyPack.period', { from, to, count: heads.length })),
    `== ${typstText(tr('familyPack.noteTitle', { name: teacher }))}`,
    v.note ? `#block(inset: 8pt, stroke: 0.5pt + luma(170), radius: 3pt, width: 100%)[${typstText(v.note)}]` : typstText(tr('familyPack.noNote')),
    `== ${typstText(tr('familyPack.moodTitle'))}`,
    moodChart(await moodByWeek(db, v.journalId, v.studentId, from, to, new Set([...held.keys()].filter((id) => !v.putBack?.includes(id)))), tr),
    ...drawn,
  ].join('\n')
  const pdf = await documentPdf(body, { lang: v.lang, title }, pictures)
  const { id } = await db
    .insertInto('family_packs')
    .values({ journal_id: v.journalId, student_id: v.studentId, made_by: v.userId, note: v.note, post_ids: JSON.stringify(heads.map((h) => h.id)), period_from: from, period_to: to, pdf, created_at: nowIso(), share_token: null, share_password_hash: null, share_expires_at: null, share_revoked_at: null, consent: 'none', consent_at: null })
    .returning('id')
    .executeTakeFirstOrThrow()
  return { ok: true, id, leftOut }
}

/** Shares a pack by a new link behind a password, for `days` days; the student is asked first where the journal's rule says so. A new link replaces the old. */
export async function sharePack(db: DB, packId: number, v: { days: number; password: string; consentNeeded: boolean }, now = new Date()) {
  const token = randomBytes(16).toString('base64url')
  await db
    .updateTable('family_packs')
    .set({
      share_token: token,
      share_password_hash: await hashPassword(v.password),
      share_expires_at: new Date(now.getTime() + v.days * DAY_MS).toISOString(),
      share_revoked_at: null,
      consent: v.consentNeeded ? 'needed' : 'notNeeded',
      consent_at: null,
    })
    .where('id', '=', packId)
    .execute()
  return token
}

/** Stops a pack's link: it answers "stopped" from then on. */
export async function revokePack(db: DB, packId: number, now = new Date()) {
  await db.updateTable('family_packs').set({ share_revoked_at: now.toISOString() }).where('id', '=', packId).where('share_token', 'is not', null).where('share_revoked_at', 'is', null).execute()
}

/** One pack of a student in a journal (its PDF and period), or undefined: another journal's or student's pack is not found. */
export async function studentPack(db: DB, v: { packId: number | null; journalId: number; studentId: number }) {
  if (v.packId === null) return undefined
  return db.selectFrom('family_packs').select(['id', 'pdf', 'period_from', 'period_to']).where('id', '=', v.packId).where('journal_id', '=', v.journalId).where('student_id', '=', v.studentId).executeTakeFirst()
}

/** The PDF of a pack found by its link (sharedPack): the family's download. */
export async function packPdf(db: DB, packId: number) {
  const row = await db.selectFrom('family_packs').select('pdf').where('id', '=', packId).executeTakeFirstOrThrow()
  return row.pdf
}

/** A student's packs in a journal, newest first: what the teacher made and where each link stands. */
export async function packsOf(db: DB, journalId: number, studentId: number) {
  const rows = await db
    .selectFrom('family_packs as f')
    .leftJoin('users as u', 'u.id', 'f.made_by')
    .select((eb) => ['f.id', 'f.note', 'f.post_ids as postIds', 'f.period_from as from', 'f.period_to as to', 'f.created_at as createdAt', 'f.share_token as token', 'f.share_expires_at as expiresAt', 'f.share_revoked_at as revokedAt', 'f.consent', eb.fn.coalesce('u.name', 'u.account').as('by')])
    .where('f.journal_id', '=', journalId)
    .where('f.student_id', '=', studentId)
    .orderBy('f.id', 'desc')
    .limit(20)
    .execute()
  return rows.map((r) => ({ ...r, posts: (JSON.parse(r.postIds) as number[]).length, link: linkState(r) }))
}

export type LinkState = 'none' | 'open' | 'waiting' | 'declined' | 'expired' | 'revoked'
/** Where a pack's link stands: open only when not stopped, not past its day, and agreed to (or not needing it). */
export function linkState(p: { token: string | null; expiresAt: string | null; revokedAt: string | null; consent: PackConsent }, now = new Date()): LinkState {
  if (!p.token) return 'none'
  if (p.revokedAt) return 'revoked'
  if (p.expiresAt && p.expiresAt <= now.toISOString()) return 'expired'
  if (p.consent === 'needed') return 'waiting'
  if (p.consent === 'declined') return 'declined'
  return 'open'
}

/**
 * The pack behind a share link, with its state and the school's zone (its journal's: decision 0063); null
 * for a token that is not a pack's. While the student's erasure waits or their account is locked
 * (rule 12), the link is `closed`, whatever else.
 */
export async function sharedPack(db: DB, token: string, now = new Date()) {
  if (!/^[A-Za-z0-9_-]{22}$/.test(token)) return null
  const p = await db
    .selectFrom('family_packs as f')
    .innerJoin('journals as j', 'j.id', 'f.journal_id')
    .select(['f.id', 'f.student_id as studentId', 'f.share_token as token', 'f.share_password_hash as passwordHash', 'f.share_expires_at as expiresAt', 'f.share_revoked_at as revokedAt', 'f.consent', 'f.period_from as from', 'f.period_to as to', 'j.time_zone as timeZone'])
    .where('f.share_token', '=', token)
    .executeTakeFirst()
  if (!p) return null
  const state: LinkState | 'closed' = (await isStudentDataOpen(db, p.studentId)) ? linkState(p, now) : 'closed'
  return { ...p, state }
}

/**
 * The packs a student is asked to agree to (decision 0047): their teacher wants to share them; a stopped
 * or expired one is not asked. Each with what the family would see (decision 0063): the posts' titles
 * and days, and the teacher's note.
 */
export async function consentRequests(db: DB, studentId: number, now = new Date()) {
  const packs = await db
    .selectFrom('family_packs as f')
    .innerJoin('journals as j', 'j.id', 'f.journal_id')
    .leftJoin('users as u', 'u.id', 'f.made_by')
    .select((eb) => ['f.id', 'f.period_from as from', 'f.period_to as to', 'f.post_ids as postIds', 'f.note', 'j.name as journal', eb.fn.coalesce('u.name', 'u.account').as('teacher')])
    .where('f.student_id', '=', studentId)
    .where('f.consent', '=', 'needed')
    .where('f.share_revoked_at', 'is', null)
    .where('f.share_expires_at', '>', now.toISOString())
    .orderBy('f.id')
    .execute()
  const ids = [...new Set(packs.flatMap((p) => JSON.parse(p.postIds) as number[]))]
  const posts = ids.length ? await db.selectFrom('posts').select(['id', 'title', 'diary_date as diaryDate']).where('id', 'in', ids).where('creator_id', '=', studentId).execute() : []
  const byId = new Map(posts.map((p) => [p.id, p]))
  return packs.map(({ postIds, ...p }) => ({ ...p, posts: (JSON.parse(postIds) as number[]).flatMap((id) => (byId.has(id) ? [byId.get(id)!] : [])) }))
}

/** The student's answer: the link opens (agreed) or stays shut (declined). 'stale' when it was not waiting for them. */
export async function answerConsent(db: DB, studentId: number, packId: number, agree: boolean, now = new Date()): Promise<'ok' | 'stale'> {
  const r = await db
    .updateTable('family_packs')
    .set({ consent: agree ? 'agreed' : 'declined', consent_at: now.toISOString() })
    .where('id', '=', packId)
    .where('student_id', '=', studentId)
    .where('consent', '=', 'needed')
    .where('share_revoked_at', 'is', null)
    .executeTakeFirst()
  return Number(r.numUpdatedRows) === 1 ? 'ok' : 'stale'
}

/** The e-book links a student is asked to agree to: a teacher shared their book (decision 0047). */
export async function ebookConsentRequests(db: DB, studentId: number, now = new Date()) {
  return db
    .selectFrom('ebook_shares as x')
    .innerJoin('ebooks as b', 'b.id', 'x.ebook_id')
    .innerJoin('journals as j', 'j.id', 'b.journal_id')
    .leftJoin('users as u', 'u.id', 'b.made_by')
    .select((eb) => ['b.id', 'b.name', 'j.name as journal', eb.fn.coalesce('u.name', 'u.account').as('teacher')])
    .where('b.student_id', '=', studentId)
    .where('x.consent', '=', 'needed')
    .where('x.expires_at', '>', now.toISOString())
    .orderBy('b.id')
    .execute()
}

/** The student's answer about their e-book's link. 'stale' when it was not waiting for them. */
export async function answerEbookConsent(db: DB, studentId: number, bookId: number, agree: boolean, now = new Date()): Promise<'ok' | 'stale'> {
  const book = await db.selectFrom('ebooks').select('id').where('id', '=', bookId).where('student_id', '=', studentId).executeTakeFirst()
  if (!book) return 'stale'
  const r = await db.updateTable('ebook_shares').set({ consent: agree ? 'agreed' : 'declined', consent_at: now.toISOString() }).where('ebook_id', '=', bookId).where('consent', '=', 'needed').executeTakeFirst()
  return Number(r.numUpdatedRows) === 1 ? 'ok' : 'stale'
}
