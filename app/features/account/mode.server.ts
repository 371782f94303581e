import type { DB } from '~/db/connect.server'

/** change-mode: toggles personal and team; team mode only for a team member. */
export async function changeMode(db: DB, userId: number) {
  const user = await db.selectFrom('users').select('mode').where('id', '=', userId).executeTakeFirstOrThrow()
  const member = await db.selectFrom('team_members').select('team_id').where('user_id', '=', userId).executeTakeFirst()
  const next = user.mode === 'team' || !member ? 'personal' : 'team'
  await db.updateTable('users').set({ mode: next }).where('id', '=', userId).execute()
  return { mode: next } as const
}

export async function setLocale(db: DB, userId: number, locale: string) {
  await db.updateTable('users').set({ locale }).where('id', '=', userId).execute()
}
