import type { DB } from '~/db/connect.server'
import type { Maker } from '~/features/ebooks/books.server'
import { acceptTeacher, teacherCodeOf } from '~/features/journals/info.server'
import { joinAsTeacher } from '~/features/journals/join.server'
import { createJournal } from '~/features/journals/settings.server'
import { joinAsStudent } from '~/features/students/join.server'
import { ROLE } from '~/features/team/roles'
import { accountsFor, asStudents, teamOf } from './people'
import { writePost } from './posts'

/**
 * Journals for the tests, with their teachers and students, made the way the app makes them (the
 * journal's form, the teacher's code accepted by the owner, the students' code); and the named
 * classes several test files share. Accounts and teams are people.ts; posts are posts.ts.
 */

/** A journal's settings form as a teacher fills it; each test names the journal. */
export const JOURNAL_SETTINGS = { labelColorCode: '1', speechLang: 'en', display: 'list', expireType: '1', studentLimit: '5', shareType: '2' } as const

type Settings = Parameters<typeof createJournal>[2]

/** A journal of `ownerId` (in a team, with `teamId`): its id. */
export async function newJournal(db: DB, ownerId: number, settings: Partial<Settings> & { name: string }, teamId?: number) {
  const j = await createJournal(db, { userId: ownerId, planLimit: 30, ...(teamId ? { teamId } : {}) }, { ...JOURNAL_SETTINGS, ...settings } as Settings)
  if (!j.ok) throw new Error(`journal: ${settings.name}`)
  return j.id
}

/** The code a journal's students join it with. */
export const studentCodeOf = async (db: DB, journalId: number) => (await db.selectFrom('journals').select('invite_code').where('id', '=', journalId).executeTakeFirstOrThrow()).invite_code!

/** A co-teacher who joined with the teacher's code and whom the owner accepted. */
export async function addCoTeacher(db: DB, journalId: number, teacherId: number) {
  await joinAsTeacher(db, teacherId, await teacherCodeOf(db, journalId))
  await acceptTeacher(db, journalId, teacherId)
}

/** Students who joined with the journal's code, in this order. */
export async function joinStudents(db: DB, journalId: number, studentIds: number[]) {
  const code = await studentCodeOf(db, journalId)
  for (const studentId of studentIds) await joinAsStudent(db, studentId, code)
}

/**
 * A school for the safeguarding tests (decision 0046): team "Hill School" with an admin, a counsellor and
 * a team teacher (`owner`) whose team journal "Class 5" has a co-teacher `cot` and students `amy`
 * and `ben`; a second team with its own counsellor (`elsewhere`); a teacher outside any team
 * (`solo`) with a personal journal that `cara` writes in.
 */
export async function safeguardingSchool(db: DB) {
  const id = await accountsFor(db, ['admin', 'counsellor', 'owner', 'cot', 'elsewhere', 'otheradmin', 'solo', 'amy', 'ben', 'cara'], { named: true, email: true })
  await asStudents(db, [id.amy, id.ben, id.cara])
  const teamId = await teamOf(db, 'Hill School', [[id.admin, ROLE.admin], [id.counsellor, ROLE.counsellor], [id.owner, ROLE.teamTeacher], [id.cot, ROLE.generalAccount]])
  const otherTeam = await teamOf(db, 'Dale School', [[id.otheradmin, ROLE.admin], [id.elsewhere, ROLE.counsellor]])
  const journalId = await newJournal(db, id.owner, { name: 'Class 5', studentLimit: '10' }, teamId)
  const soloJournalId = await newJournal(db, id.solo, { name: 'Solo class', studentLimit: '10' })
  await addCoTeacher(db, journalId, id.cot)
  await joinStudents(db, journalId, [id.amy, id.ben])
  await joinStudents(db, soloJournalId, [id.cara])
  // The school's zone: the calendar's hours are read in it.
  await db.updateTable('journals').set({ time_zone: 'Asia/Taipei' }).where('id', 'in', [journalId, soloJournalId]).execute()
  return { id, teamId, otherTeam, journalId, soloJournalId }
}

/**
 * A class for the e-book tests: journal 501 (zh-TW) of `owner` with co-teacher `cot`, students
 * `amy` and `ben`, a `stranger` teacher; Amy has `posts` published posts, one a day in October.
 */
export async function ebookClass(db: DB, posts: number) {
  const id = await accountsFor(db, ['owner', 'cot', 'stranger', 'amy', 'ben'], { locale: (account) => (['amy', 'ben'].includes(account) ? 'zh-TW' : 'en') })
  for (const s of ['amy', 'ben']) await db.updateTable('users').set({ kind: 'student', name: s.toUpperCase() }).where('id', '=', id[s]).execute()
  const journalId = await newJournal(db, id.owner, { name: '501 心情日記', speechLang: 'zh-TW' })
  await addCoTeacher(db, journalId, id.cot)
  await joinStudents(db, journalId, [id.amy, id.ben])
  const postIds: number[] = []
  for (let i = 1; i <= posts; i++) {
    const day = `2026-10-${String((i % 28) + 1).padStart(2, '0')}`
    postIds.push(await writePost(db, id.amy, journalId, { title: `第${i}天`, diaryDate: day, event: `今天是第${i}天，我們在教室裡玩遊戲。`, emotions: ['3'], behaviour: '9', behaviourText: i % 2 ? '我很開心。' : '' }))
  }
  return { id, journalId, posts: postIds, teacher: (name: string): Maker => ({ userId: id[name], kind: 'teacher' }), student: (name: string): Maker => ({ userId: id[name], kind: 'student' }) }
}
