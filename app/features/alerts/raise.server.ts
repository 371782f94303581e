import type { DB } from '~/db/connect.server'
import type { AlertRule } from '~/db/schema'
import { nowIso } from '~/db/time'
import { POST_STATUS } from '~/features/posts/constants'
import { journalTeacherIds, notify, tell } from '~/features/notifications/notify.server'
import { assessPost, type PostTexts } from './assess/assess.server'
import { assessWithSecondOpinion } from './assess/second-opinion.server'
import { findingsFor, mergeReasons, moodPoint, usualOf, USUAL_DAYS, type AlertReasons, type Finding, type MoodPost } from './rules'
import { concernOf } from './summary'
import { watchWordsForJournal } from './watch-words.server'

const DAY_MS = 86_400_000
/** Enough of a student's past for every rule's window. */
const HISTORY_POSTS = 40

type PostRow = { id: number; title: string; diaryDate: string; createdAt: string; mood_p: number; mood_n: number }

/** Posts as the rules read them: their feelings, mood point and texts (title and every frame), in the rows' order. */
async function asMoodPosts<R extends PostRow>(db: DB, rows: R[]): Promise<(MoodPost & Omit<R, 'mood_p' | 'mood_n'> & { texts: PostTexts })[]> {
  const ids = rows.map((r) => r.id)
  const [emotions, frames] = ids.length
    ? await Promise.all([
        db.selectFrom('post_emotions').select(['post_id', 'emotion_code']).where('post_id', 'in', ids).execute(),
        db.selectFrom('post_frames').select(['post_id', 'message', 'frame_type']).where('post_id', 'in', ids).orderBy('position').execute(),
      ])
    : [[], []]
  const group = <T extends { post_id: number }>(xs: T[]) => xs.reduce((m, x) => m.set(x.post_id, [...(m.get(x.post_id) ?? []), x]), new Map<number, T[]>())
  const [e, f] = [group(emotions), group(frames)]
  return rows.map(({ mood_p, mood_n, ...r }) => ({
    ...r,
    emotions: (e.get(r.id) ?? []).map((x) => x.emotion_code),
    mood: moodPoint(mood_p === 1, mood_n === 1),
    texts: textsOf(r.title, f.get(r.id) ?? []),
  }))
}

/** A post's texts by frame: the event, the story (what went on inside: the emotion frame's text) and the behaviour. */
function textsOf(title: string, frames: { frame_type: string; message: string }[]): PostTexts {
  const of = (type: string) => frames.filter((x) => x.frame_type === type).map((x) => x.message).join('\n')
  return { title, event: of('event'), story: of('emotion'), behaviour: of('behavior') }
}

/** A student's published posts in a journal (the newest HISTORY_POSTS), oldest first. */
export async function historyOf(db: DB, journalId: number, studentId: number) {
  const rows = await db
    .selectFrom('posts as p')
    .select(['p.id', 'p.title', 'p.diary_date as diaryDate', 'p.created_at as createdAt', 'p.mood_p', 'p.mood_n'])
    .where('p.journal_id', '=', journalId)
    .where('p.creator_id', '=', studentId)
    .where('p.status', '=', POST_STATUS.published)
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id', 'desc')
    .limit(HISTORY_POSTS)
    .execute()
  return asMoodPosts(db, rows.reverse())
}

/** The journal's language, read by the assessment as a hint for Chinese characters without kana. */
const journalLanguageOf = async (db: DB, journalId: number) => (await db.selectFrom('journals').select('speech_lang').where('id', '=', journalId).executeTakeFirst())?.speech_lang

/** The journal's usual mood: every published post of the 28 days before `at`. */
export async function journalUsual(db: DB, journalId: number, at: string) {
  const from = new Date(Date.parse(at) - USUAL_DAYS * DAY_MS).toISOString()
  const rows = await db
    .selectFrom('posts')
    .select(['mood_p', 'mood_n'])
    .where('journal_id', '=', journalId)
    .where('status', '=', POST_STATUS.published)
    .where('created_at', '>=', from)
    .where('created_at', '<=', at)
    .execute()
  return usualOf(rows.map((r) => moodPoint(r.mood_p === 1, r.mood_n === 1)))
}

async function lastResolutions(db: DB, journalId: number, studentId: number) {
  const rows = await db
    .selectFrom('risk_alerts')
    .select((eb) => ['rule', eb.fn.max('resolved_at').as('at')])
    .where('journal_id', '=', journalId)
    .where('student_id', '=', studentId)
    .where('status', '=', 'resolved')
    .groupBy('rule')
    .execute()
  return Object.fromEntries(rows.filter((r) => r.at).map((r) => [r.rule, r.at as string])) as Partial<Record<AlertRule, string>>
}

const rank = { medium: 1, high: 2 } as const

/**
 * Records a finding: a new alert, or more evidence on the student's open alert of that rule (one
 * unresolved alert per rule, kept by a unique index). Returns the alert and whether it just became
 * high (to be told at once).
 */
export async function recordFinding(db: DB, journalId: number, studentId: number, f: Finding, at = nowIso()) {
  const write = () =>
    db.transaction().execute(async (trx) => {
      const open = await trx.selectFrom('risk_alerts').select(['id', 'severity', 'reasons']).where('journal_id', '=', journalId).where('student_id', '=', studentId).where('rule', '=', f.rule).where('status', '<>', 'resolved').executeTakeFirst()
      if (open) {
        const old = JSON.parse(open.reasons) as AlertReasons
        const merged = mergeReasons(old, f.reasons)
        if (JSON.stringify(merged) === open.reasons) return { id: open.id, becameHigh: false, isNew: false }
        const severity = rank[f.severity] > rank[open.severity] ? f.severity : open.severity
        await trx.updateTable('risk_alerts').set({ reasons: JSON.stringify(merged), severity, updated_at: at }).where('id', '=', open.id).execute()
        await trx.insertInto('risk_alert_steps').values({ alert_id: open.id, user_id: null, action: 'evidence', at }).execute()
        return { id: open.id, becameHigh: severity === 'high' && open.severity !== 'high', isNew: false }
      }
      const { id } = await trx
        .insertInto('risk_alerts')
        .values({ journal_id: journalId, student_id: studentId, rule: f.rule, severity: f.severity, snooze_until: null, reasons: JSON.stringify(f.reasons), created_at: at, updated_at: at, resolved_at: null })
        .returning('id')
        .executeTakeFirstOrThrow()
      await trx.insertInto('risk_alert_steps').values({ alert_id: id, user_id: null, action: 'raised', at }).execute()
      return { id, becameHigh: f.severity === 'high', isNew: true }
    })
  try {
    return await write()
  } catch (error) {
    // Two posts of one student checked at once: the other wrote the alert first; join it.
    if (String(error).match(/unique|UNIQUE/)) return write()
    throw error
  }
}

/** A high-severity alert is told to the journal's teachers at once, whatever the digest hours. */
export async function tellHighAlert(db: DB, alertId: number) {
  const a = await db
    .selectFrom('risk_alerts as a')
    .innerJoin('journals as j', 'j.id', 'a.journal_id')
    .innerJoin('users as u', 'u.id', 'a.student_id')
    .select((eb) => ['a.id', 'a.rule', 'a.reasons', 'a.journal_id as journalId', 'a.student_id as studentId', 'j.name as journal', eb.fn.coalesce('u.name', 'u.account').as('student')])
    .where('a.id', '=', alertId)
    .executeTakeFirstOrThrow()
  await notify(db, {
    readers: await journalTeacherIds(db, a.journalId),
    type: 'd',
    eventKey: `alert:${a.id}:high`,
    // The most serious concern leads the line (decision 0059): a key of the alerts dictionary, read in each reader's language.
    msgKey: 'notification.alertHighOf',
    params: { student: a.student, journal: a.journal, concern: concernOf(a.rule, a.reasons) },
    link: `/diary/homework/${a.journalId}/alerts/${a.id}`,
    actorId: a.studentId,
    journalId: a.journalId,
  })
}

/** After a post is saved (new or revised): the rules on the student's posts up to it. Never fails the post. */
export const checkPost = (db: DB, postId: number) =>
  tell('risk alert', async () => {
    const post = await db.selectFrom('posts').select(['journal_id', 'creator_id', 'created_at', 'status']).where('id', '=', postId).executeTakeFirst()
    if (!post || post.status !== POST_STATUS.published) return
    const [history, usual, resolved] = await Promise.all([historyOf(db, post.journal_id, post.creator_id), journalUsual(db, post.journal_id, nowIso()), lastResolutions(db, post.journal_id, post.creator_id)])
    // The rules read the post as the newest of the history (a revised post is moved to the end).
    const mine = history.find((p) => p.id === postId)
    if (!mine) return
    // The content assessment reads the post (never throws: an analyser's or a provider's failure is
    // logged and the rest still read), with the school's AI provider's word on a borderline post, and
    // with the school's watch words as they are now (the journal's and its team's: decision 0062).
    const [language, watchWords] = await Promise.all([journalLanguageOf(db, post.journal_id), watchWordsForJournal(db, post.journal_id)])
    const content = await assessWithSecondOpinion(mine.texts, language, undefined, watchWords)
    const ordered = [...history.filter((p) => p.id !== postId), { ...mine, content }]
    for (const finding of findingsFor(ordered, usual, resolved)) {
      const { id, becameHigh, isNew } = await recordFinding(db, post.journal_id, post.creator_id, finding)
      // High alerts are told at once; so is a threat against the student (the same school day, not at tomorrow's digest).
      const threat = isNew && finding.rule === 'words' && content.findings.some((f) => f.category === 'bullying')
      if (becameHigh || threat) await tellHighAlert(db, id)
    }
  })

/**
 * Every published post of a journal as the rules read them, each with its content assessment (for
 * the replay: the demo's alerts, the bench's alert rates).
 */
export async function journalMoodPosts(db: DB, journalId: number) {
  const rows = await db
    .selectFrom('posts')
    .select(['id', 'title', 'diary_date as diaryDate', 'created_at as createdAt', 'creator_id as studentId', 'mood_p', 'mood_n'])
    .where('journal_id', '=', journalId)
    .where('status', '=', POST_STATUS.published)
    .orderBy('created_at')
    .execute()
  const [language, watchWords] = await Promise.all([journalLanguageOf(db, journalId), watchWordsForJournal(db, journalId)])
  const posts = await asMoodPosts(db, rows)
  for (const p of posts) p.content = await assessPost(p.texts, language, watchWords)
  return posts
}

/** The alert whose evidence holds this post (the content rule's), if there is one. */
export async function alertOfPost(db: DB, journalId: number, postId: number) {
  // The reasons are JSON: the text narrows the rows (read on every post page), the parse decides.
  const rows = await db.selectFrom('risk_alerts').select(['id', 'reasons']).where('journal_id', '=', journalId).where('rule', '=', 'words').where('reasons', 'like', `%"id":${postId},%`).orderBy('id', 'desc').execute()
  return rows.find((r) => (JSON.parse(r.reasons) as AlertReasons & { rule: 'words' }).posts.some((p) => p.id === postId))?.id ?? null
}

/**
 * A teacher's worry about a post that raised nothing ("this worries me", decision 0042): an alert
 * of the content rule with that reason, medium, told to the journal's teachers as a high one is; it
 * counts as a miss of the assessment. 'raised' when the post has an alert already.
 */
export async function flagPost(db: DB, postId: number, teacher: { userId: number; name: string }, note = '') {
  const post = await db.selectFrom('posts').select(['id', 'journal_id', 'creator_id', 'title', 'diary_date']).where('id', '=', postId).executeTakeFirstOrThrow()
  const existing = await alertOfPost(db, post.journal_id, postId)
  if (existing) return { ok: false as const, alertId: existing }
  const finding: Finding = {
    rule: 'words',
    severity: 'medium',
    reasons: { rule: 'words', posts: [{ id: post.id, title: post.title, diaryDate: post.diary_date, findings: [], flaggedBy: teacher.name, ...(note ? { note } : {}) }] },
    evidence: [post.id],
  }
  const { id, isNew } = await recordFinding(db, post.journal_id, post.creator_id, finding)
  await db.updateTable('risk_alerts').set({ flagged_by: teacher.userId }).where('id', '=', id).where('flagged_by', 'is', null).execute()
  if (isNew) {
    // The trail says who raised it.
    await db.updateTable('risk_alert_steps').set({ user_id: teacher.userId }).where('alert_id', '=', id).where('action', '=', 'raised').execute()
    await tellHighAlert(db, id)
  }
  return { ok: true as const, alertId: id }
}

