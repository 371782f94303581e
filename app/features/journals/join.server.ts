import type { DB } from '~/db/connect.server'
import { nowIso } from '~/db/time'
import { MEMBERSHIP_STATUS, JOIN_CODES } from './constants'
import { teacherAsked } from '~/features/notifications/events.server'

export type JoinResult = { ok: true; journalId: number } | { ok: false; code: (typeof JOIN_CODES)[keyof typeof JOIN_CODES] }

/**
 * A teacher joins another teacher's journal with its teacher invitation code (spec 2 section 8): an
 * unknown code is `-1`; the teacher's own journal or one already joined is `-2`. The teacher then
 * waits for the owner to accept (drp_status 0).
 */
export async function joinAsTeacher(db: DB, userId: number, rawCode: string): Promise<JoinResult> {
  const code = rawCode.trim().toUpperCase()
  const result = await db.transaction().execute(async (trx): Promise<JoinResult> => {
    const journal = await trx.selectFrom('journals').select(['id', 'owner_id']).where('teacher_invite_code', '=', code).where('archived_at', 'is', null).executeTakeFirst()
    if (!journal) return { ok: false, code: JOIN_CODES.codeError }
    if (journal.owner_id === userId) return { ok: false, code: JOIN_CODES.joinError }
    const member = await trx.selectFrom('journal_members').select('role').where('journal_id', '=', journal.id).where('user_id', '=', userId).executeTakeFirst()
    if (member) return { ok: false, code: JOIN_CODES.joinError }
    await trx.insertInto('journal_members').values({ journal_id: journal.id, user_id: userId, role: 'teacher', drp_status: MEMBERSHIP_STATUS.pending, joined_at: nowIso() }).execute()
    return { ok: true, journalId: journal.id }
  })
  if (result.ok) await teacherAsked(db, result.journalId, userId)
  return result
}
