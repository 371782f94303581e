import { registerWithPassword } from '~/features/auth/accounts.server'
import type { DB } from '~/db/connect.server'
import { acceptTeacher, teacherCodeOf } from '~/features/journals/info.server'
import { joinAsTeacher } from '~/features/journals/join.server'
import { createJournal } from '~/features/journals/settings.server'
import { joinAsStudent } from '~/features/students/join.server'
import { ROLE } from '~/features/team/roles'

const SETTINGS = { labelColorCode: '1', speechLang: 'en', display: 'list', expireType: '1', studentLimit: '10', shareType: '2' } as const

/**
 * A school for the safeguarding tests (decision 0046): team "Hill School" with an admin, a counsellor and
 * a team teacher (`owner`) whose team journal "Class 5" has a co-teacher `cot` and students `amy`
 * and `ben`; a second team with its own counsellor (`elsewhere`); a teacher outside any team
 * (`solo`) with a personal journal that `cara` writes in.
 */
export async function safeguardingSchool(db: DB) {
  const id: Record<string, number> = {}
  for (const account of ['admin', 'counsellor', 'owner', 'cot', 'elsewhere', 'otheradmin', 'solo', 'amy', 'ben', 'cara']) {
    const r = await registerWithPassword(db, { account, password: 'secret-pass-1', locale: 'en' })
    if (r.code !== '01000') throw new Error('setup')
    id[account] = r.userId
    await db.updateTable('users').set({ name: account.toUpperCase(), email: `${account}@school.test`, email_verified: 1 }).where('id', '=', r.userId).execute()
  }
  for (const s of ['amy', 'ben', 'cara']) await db.updateTable('users').set({ kind: 'student' }).where('id', '=', id[s]).execute()
  const team = async (name: string, members: [string, number][]) => {
    const { id: teamId } = await db.insertInto('teams').values({ name, school_id: null, created_at: new Date().toISOString() }).returning('id').executeTakeFirstOrThrow()
    for (const [account, role] of members) await db.insertInto('team_members').values({ team_id: teamId, user_id: id[account], role_id: role, joined_at: new Date().toISOString() }).execute()
    return teamId
  }
  const teamId = await team('Hill School', [['admin', ROLE.admin], ['counsellor', ROLE.counsellor], ['owner', ROLE.teamTeacher], ['cot', ROLE.generalAccount]])
  const otherTeam = await team('Dale School', [['otheradmin', ROLE.admin], ['elsewhere', ROLE.counsellor]])
  const j = await createJournal(db, { userId: id.owner, planLimit: 30, teamId }, { ...SETTINGS, name: 'Class 5' })
  const solo = await createJournal(db, { userId: id.solo, planLimit: 30 }, { ...SETTINGS, name: 'Solo class' })
  if (!j.ok || !solo.ok) throw new Error('journal')
  await joinAsTeacher(db, id.cot, await teacherCodeOf(db, j.id))
  await acceptTeacher(db, j.id, id.cot)
  const codeOf = async (journalId: number) => (await db.selectFrom('journals').select('invite_code').where('id', '=', journalId).executeTakeFirstOrThrow()).invite_code!
  for (const s of ['amy', 'ben']) await joinAsStudent(db, id[s], await codeOf(j.id))
  await joinAsStudent(db, id.cara, await codeOf(solo.id))
  // The school's zone: the calendar's hours are read in it.
  await db.updateTable('journals').set({ time_zone: 'Asia/Taipei' }).where('id', 'in', [j.id, solo.id]).execute()
  return { id, teamId, otherTeam, journalId: j.id, soloJournalId: solo.id }
}
