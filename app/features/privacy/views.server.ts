import { sql } from 'kysely'
import { LRUCache } from 'lru-cache'
import type { DB } from '~/db/connect.server'
import { tell } from '~/features/notifications/notify.server'
import { formatDate } from '~/shared/dates'

/** What a look was at (bits, so one row a person, student and day holds them all). */
export const LOOK = { posts: 1, alerts: 2, report: 4, exports: 8 } as const
export type LookKind = keyof typeof LOOK
export const LOOK_KINDS = Object.keys(LOOK) as LookKind[]

/**
 * What this process wrote lately: a teacher reading a class's posts one after another writes each
 * (person, student, day, kind) once per ten minutes, not at every page (the post page is a hot path).
 * Another process writes its own once: the row is an upsert, so the result is the same.
 */
const caches = new WeakMap<DB, { written: LRUCache<string, true>; zones: LRUCache<number, string> }>()
const cacheOf = (db: DB) => {
  let c = caches.get(db)
  if (!c) caches.set(db, (c = { written: new LRUCache({ max: 20_000, ttl: 10 * 60_000 }), zones: new LRUCache({ max: 5_000, ttl: 10 * 60_000 }) }))
  return c
}

/**
 * Records that someone opened a student's posts, alerts, report or exports (decision 0047): one row per
 * person, student and school day, the kinds OR-ed in, the first and last time (to ten minutes). A
 * failure is logged, never the page's.
 */
export function recordLook(db: DB, v: { viewerId: number; studentIds: number[]; kind: LookKind; journalId: number | null; timeZone?: string }, now = new Date()) {
  return tell('look', async () => {
    const at = now.toISOString()
    const day = formatDate(at, v.timeZone ?? 'Asia/Taipei')
    const { written } = cacheOf(db)
    const key = (id: number) => `${v.viewerId}:${id}:${day}:${v.kind}`
    const ids = [...new Set(v.studentIds)].filter((id) => !written.has(key(id)))
    if (ids.length === 0) return
    await db
      .insertInto('student_views')
      .values(ids.map((student_id) => ({ viewer_id: v.viewerId, student_id, day, kinds: LOOK[v.kind], journal_id: v.journalId, first_at: at, last_at: at })))
      .onConflict((oc) =>
        oc.columns(['viewer_id', 'student_id', 'day']).doUpdateSet({
          kinds: sql<number>`student_views.kinds | excluded.kinds`,
          last_at: (eb) => eb.ref('excluded.last_at'),
          journal_id: (eb) => eb.ref('excluded.journal_id'),
        }),
      )
      .execute()
    for (const id of ids) written.set(key(id), true)
  })
}
/** A journal's zone: the day a look counts in (kept ten minutes: it changes with the settings only). */
export async function journalZone(db: DB, journalId: number) {
  const { zones } = cacheOf(db)
  const known = zones.get(journalId)
  if (known) return known
  const zone = (await db.selectFrom('journals').select('time_zone').where('id', '=', journalId).executeTakeFirst())?.time_zone ?? 'Asia/Taipei'
  zones.set(journalId, zone)
  return zone
}

/** Who looked at a student, newest day first: each person's day with what they opened. */
export async function looksAt(db: DB, studentId: number, limit = 200) {
  const rows = await db
    .selectFrom('student_views as v')
    .innerJoin('users as u', 'u.id', 'v.viewer_id')
    .leftJoin('journals as j', 'j.id', 'v.journal_id')
    .select((eb) => ['v.day', 'v.kinds', 'v.first_at as firstAt', 'v.last_at as lastAt', 'u.account', 'j.name as journal', 'j.time_zone as timeZone', eb.fn.coalesce('u.name', 'u.account').as('who')])
    .where('v.student_id', '=', studentId)
    .orderBy('v.day', 'desc')
    .orderBy('v.last_at', 'desc')
    .limit(limit)
    .execute()
  return rows.map((r) => ({ ...r, what: LOOK_KINDS.filter((k) => (r.kinds & LOOK[k]) !== 0) }))
}
