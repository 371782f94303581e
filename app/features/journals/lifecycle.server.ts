import type { DB } from '~/db/connect.server'
import { nowIso } from '~/db/time'
import { insertJournal } from './insert.server'
import { ticketsFor } from './settings.server'

/**
 * Duplicate: a new journal with the same settings, no members and no posts, a new invite code. The
 * copy takes tickets like any journal: if the plan has too few left it is refused.
 */
export async function duplicateJournal(db: DB, journalId: number, planLimit: number, copyName: (name: string) => string) {
  return db.transaction().execute(async (trx) => {
    const j = await trx.selectFrom('journals').selectAll().where('id', '=', journalId).executeTakeFirstOrThrow()
    const { max } = await ticketsFor(trx, j.owner_id, planLimit)
    if (j.diary_publish_num > max) return { ok: false as const }
    const { id, archived_at, created_at, last_post_at, post_count, invite_code, invite_code_expires_at, teacher_invite_code, ...settings } = j
    void [id, archived_at, created_at, last_post_at, post_count, invite_code, invite_code_expires_at, teacher_invite_code]
    return { ok: true as const, id: await insertJournal(trx, { ...settings, name: copyName(j.name).slice(0, 50) }) }
  })
}

/** Archive: irreversible; the journal leaves every list and its pages answer 404 from then on. */
export async function archiveJournal(db: DB, journalId: number) {
  await db.updateTable('journals').set({ archived_at: nowIso() }).where('id', '=', journalId).where('archived_at', 'is', null).execute()
}

/** Whether a journal is the user's own and not archived yet. */
export async function isOwnActiveJournal(db: DB, userId: number, journalId: number) {
  const own = await db.selectFrom('journals').select('id').where('id', '=', journalId).where('owner_id', '=', userId).where('archived_at', 'is', null).executeTakeFirst()
  return Boolean(own)
}
