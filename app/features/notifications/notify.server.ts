import type { DB } from '~/db/connect.server'
import { nowIso } from '~/db/time'
import { MEMBERSHIP_STATUS } from '~/features/statuses'

export type NotificationType = 'd' | 'c'

export interface Notice {
  readers: number[]
  type: NotificationType
  /** What happened, the same for every reader: with the reader, unique (a retry tells no one twice). */
  eventKey: string
  msgKey: string
  params: Record<string, string | number>
  link: string
  actorId?: number | null
  journalId?: number | null
}

/** One notification per reader; an event already told to a reader is skipped by the database. */
export async function notify(db: DB, n: Notice) {
  const readers = [...new Set(n.readers)]
  if (readers.length === 0) return
  const at = nowIso()
  await db
    .insertInto('notifications')
    .values(readers.map((user_id) => ({ user_id, type: n.type, event_key: n.eventKey, msg_key: n.msgKey, params: JSON.stringify(n.params), link: n.link, actor_id: n.actorId ?? null, journal_id: n.journalId ?? null, created_at: at, read_at: null })))
    .onConflict((oc) => oc.columns(['user_id', 'event_key']).doNothing())
    .execute()
}

/**
 * Tells an event after what caused it has been saved: a failure to notify is logged, never turned
 * into a failed post, join or comment.
 */
export async function tell(what: string, send: () => Promise<unknown>) {
  try {
    await send()
  } catch (error) {
    console.error(`notification ${what} failed`, error instanceof Error ? error.message : error)
  }
}

/** Who teaches a journal: its owner and the accepted teachers. */
export async function journalTeacherIds(db: DB, journalId: number) {
  const [journal, teachers] = await Promise.all([
    db.selectFrom('journals').select('owner_id').where('id', '=', journalId).executeTakeFirst(),
    db.selectFrom('journal_members').select('user_id').where('journal_id', '=', journalId).where('role', '=', 'teacher').where('drp_status', '=', MEMBERSHIP_STATUS.approved).execute(),
  ])
  return [...new Set([...(journal ? [journal.owner_id] : []), ...teachers.map((t) => t.user_id)])]
}
