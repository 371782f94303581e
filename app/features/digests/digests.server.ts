import type { DB } from '~/db/connect.server'
import { activeAlertCount } from '~/features/alerts/manage.server'
import { longWaiting } from '~/features/insights/feedback.server'
import { POST_STATUS } from '~/features/posts/constants'
import { claimSlot, wallClock } from '~/features/jobs/slots.server'
import { formatDate } from '~/shared/dates'
import { journalTeacherIds, notify, type Notice } from '~/features/notifications/notify.server'

const HOUR_MS = 3_600_000
const DAY_MS = 24 * HOUR_MS
/** Read notifications older than this are removed (decision 0037). */
export const RETENTION_DAYS = 90
/** Claimed slots are kept this long, well past any slot that could still be claimed again. */
const SLOT_KEEP_DAYS = 7

export type DigestKind = 'posts' | 'mood' | 'alerts' | 'waiting'

/** What one journal's digest of a kind says over the day before `at`; null when there is nothing to tell. */
async function digestOf(db: DB, journal: { id: number; name: string; time_zone: string }, kind: DigestKind, at: Date): Promise<Pick<Notice, 'msgKey' | 'params' | 'link'> | null> {
  const since = new Date(at.getTime() - DAY_MS).toISOString()
  const base = `/diary/homework/${journal.id}`
  if (kind === 'waiting') {
    const waiting = await longWaiting(db, { journalId: journal.id, timeZone: journal.time_zone }, at)
    return waiting ? { msgKey: 'notification.digestWaiting', params: { journal: journal.name, count: waiting.posts, students: waiting.students, days: waiting.days }, link: `${base}/feedback` } : null
  }
  if (kind === 'alerts') {
    const count = await activeAlertCount(db, journal.id, formatDate(at.toISOString()))
    return count ? { msgKey: 'notification.digestAlerts', params: { journal: journal.name, count }, link: `${base}/alerts` } : null
  }
  const row = await db
    .selectFrom('posts')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>(eb.case().when('mood_n', '=', 1).then(1).else(0).end()).as('negative')])
    .where('journal_id', '=', journal.id)
    .where('status', '=', POST_STATUS.published)
    .where('created_at', '>=', since)
    .where('created_at', '<', at.toISOString())
    .executeTakeFirstOrThrow()
  const count = Number(row.n)
  if (count === 0) return null
  if (kind === 'posts') return { msgKey: 'notification.digestPosts', params: { journal: journal.name, count }, link: `${base}/news` }
  return { msgKey: 'notification.digestMood', params: { journal: journal.name, count, negative: Math.round((100 * Number(row.negative ?? 0)) / count) }, link: `${base}/report` }
}

export interface DigestTold {
  readers: number[]
  msgKey: string
  params: Record<string, string | number>
  link: string
}

/**
 * Every digest due at `at`: a journal's kind whose hour (in the journal's zone) is the current
 * hour, each slot claimed once. Returns what was told, for the e-mails.
 */
export async function runDueDigests(db: DB, at = new Date()): Promise<DigestTold[]> {
  const journals = await db
    .selectFrom('journals')
    .select(['id', 'name', 'time_zone', 'notify_submit_time', 'notify_stat_time', 'notify_extreme_time'])
    .where('archived_at', 'is', null)
    .where((eb) => eb.or([eb('notify_submit_time', '>', 0), eb('notify_stat_time', '>', 0), eb('notify_extreme_time', '>', 0)]))
    .execute()
  const told: DigestTold[] = []
  for (const j of journals) {
    const { date, hour } = wallClock(at, j.time_zone)
    const hours = [j.notify_submit_time, j.notify_stat_time, j.notify_extreme_time].filter((h): h is number => h !== null && h > 0)
    // Posts waiting for an answer ride on the journal's first digest of the day (decision 0048).
    const due: [DigestKind, number | null][] = [['posts', j.notify_submit_time], ['mood', j.notify_stat_time], ['alerts', j.notify_extreme_time], ['waiting', Math.min(...hours)]]
    for (const [kind, wanted] of due) {
      if (wanted !== hour) continue
      const slot = `digest:${kind}:${j.id}:${date}T${String(hour).padStart(2, '0')}`
      if (!(await claimSlot(db, slot, at))) continue
      const digest = await digestOf(db, j, kind, at)
      if (!digest) continue
      const readers = await journalTeacherIds(db, j.id)
      await notify(db, { ...digest, readers, type: 'd', eventKey: slot, journalId: j.id })
      told.push({ ...digest, readers })
    }
  }
  return told
}

/** Once a day: read notifications older than RETENTION_DAYS go, and slots no one can claim again. */
export async function runRetention(db: DB, at = new Date()) {
  if (!(await claimSlot(db, `retention:${at.toISOString().slice(0, 10)}`, at))) return null
  const cutoff = new Date(at.getTime() - RETENTION_DAYS * DAY_MS).toISOString()
  const r = await db.deleteFrom('notifications').where('read_at', 'is not', null).where('created_at', '<', cutoff).executeTakeFirst()
  await db.deleteFrom('job_slots').where('claimed_at', '<', new Date(at.getTime() - SLOT_KEEP_DAYS * DAY_MS).toISOString()).where('slot', 'not like', 'retention:%').execute()
  return Number(r.numDeletedRows)
}
