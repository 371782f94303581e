import type { DB } from '~/db/connect.server'
import { nowIso } from '~/db/time'
import { applyInviteCode } from './invitations.server'

/** Step 1 of the profile setup: name and gender. */
export async function saveNameAndGender(db: DB, userId: number, input: { name: string; gender: 'm' | 'f' }) {
  await db.updateTable('users').set({ name: input.name.trim(), gender: input.gender }).where('id', '=', userId).execute()
}

export type SchoolResult = { ok: true } | { ok: false; error: 'badInviteCode' | 'nameMissing' }

/**
 * Step 2: country (ISO code), school, position and an optional friend's invitation code. The
 * school is found or created by country and name; the profile counts as set only after this step,
 * written in one transaction.
 */
export async function saveSchoolInfo(
  db: DB,
  userId: number,
  input: { country: string; school: string; position: string; inviteCode?: string },
): Promise<SchoolResult> {
  return db.transaction().execute(async (trx) => {
    const user = await trx.selectFrom('users').select(['name']).where('id', '=', userId).executeTakeFirstOrThrow()
    if (!user.name) return { ok: false, error: 'nameMissing' } as const
    const code = input.inviteCode?.trim().toUpperCase()
    if (code) {
      // A wrong or own code is refused before anything is written; one already invited keeps the first.
      const invited = await applyInviteCode(trx, userId, code)
      if (!invited.ok && invited.error !== 'already') return { ok: false, error: 'badInviteCode' } as const
    }
    const name = input.school.trim()
    let school = await trx.selectFrom('schools').select('id').where('country', '=', input.country).where('name', '=', name).executeTakeFirst()
    school ??= await trx
      .insertInto('schools')
      .values({ country: input.country, name, level1: null, level2: null, level3: null, created_at: nowIso() })
      .returning('id')
      .executeTakeFirstOrThrow()
    await trx
      .updateTable('users')
      .set({ school_id: school.id, position: input.position.trim(), info_set: 1 })
      .where('id', '=', userId)
      .execute()
    return { ok: true } as const
  })
}

export async function profileOf(db: DB, userId: number) {
  return db
    .selectFrom('users as u')
    .leftJoin('schools as s', 's.id', 'u.school_id')
    .select(['u.name', 'u.gender', 'u.email', 'u.email_verified', 'u.position', 's.country', 's.name as school'])
    .where('u.id', '=', userId)
    .executeTakeFirst()
}
