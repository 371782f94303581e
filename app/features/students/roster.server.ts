import type { DB } from '~/db/connect.server'
import { nowIso } from '~/db/time'
import { pageOfList } from '~/features/lists.server'
import { IMPORT_CODES } from './import-rows'

/**
 * The student management table (spec 1 sections 2 and 3): students in the teacher's classes (the
 * classes their imports made), with a class filter, 10 a page.
 */

export async function ownClasses(db: DB, ownerId: number) {
  return db
    .selectFrom('classes')
    .select(['id', 'school_year as schoolYear', 'grade', 'class_no as classNo'])
    .where('owner_id', '=', ownerId)
    .orderBy('school_year', 'desc')
    .orderBy('grade')
    .orderBy('class_no')
    .execute()
}

export async function ownStudents(db: DB, ownerId: number, classId: number | null, page: number) {
  let base = db.selectFrom('users as u').innerJoin('classes as c', 'c.id', 'u.class_id').where('c.owner_id', '=', ownerId).where('u.kind', '=', 'student')
  if (classId) base = base.where('c.id', '=', classId)
  return pageOfList(
    page,
    async () => (await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n,
    (offset, limit) =>
      base
        .select(['u.id', 'u.name', 'u.account', 'c.school_year as schoolYear', 'c.grade', 'c.class_no as classNo'])
        .orderBy('c.school_year', 'desc')
        .orderBy('c.grade')
        .orderBy('c.class_no')
        .orderBy('u.account')
        .limit(limit)
        .offset(offset)
        .execute(),
  )
}

/** Only students of the teacher's own classes are touched; other ids are ignored. */
async function ownIds(db: DB, ownerId: number, ids: number[]) {
  if (!ids.length) return []
  const rows = await db
    .selectFrom('users as u')
    .innerJoin('classes as c', 'c.id', 'u.class_id')
    .select('u.id')
    .where('c.owner_id', '=', ownerId)
    .where('u.kind', '=', 'student')
    .where('u.id', 'in', ids)
    .execute()
  return rows.map((r) => r.id)
}

/** Delete (user_ids): the students and everything of theirs go; returns how many. */
export async function deleteStudents(db: DB, ownerId: number, ids: number[]) {
  const own = await ownIds(db, ownerId, ids)
  if (own.length) await db.deleteFrom('users').where('id', 'in', own).execute()
  return own.length
}

/**
 * The assign-to-journal dialog: the chosen students join one of the teacher's journals, within its
 * places: IMPORT_CODES.overLimit when they do not fit, journalError for a journal that is not the teacher's.
 */
export async function assignStudents(db: DB, ownerId: number, ids: number[], journalId: number) {
  return db.transaction().execute(async (trx) => {
    const journal = await trx.selectFrom('journals').select(['id', 'diary_publish_num']).where('id', '=', journalId).where('owner_id', '=', ownerId).where('archived_at', 'is', null).executeTakeFirst()
    if (!journal) return { code: IMPORT_CODES.journalError }
    const own = await ownIds(trx, ownerId, ids)
    const members = await trx.selectFrom('journal_members').select('user_id').where('journal_id', '=', journalId).where('role', '=', 'student').execute()
    const already = new Set(members.map((m) => m.user_id))
    const joining = own.filter((id) => !already.has(id))
    if (members.length + joining.length > journal.diary_publish_num) return { code: IMPORT_CODES.overLimit }
    if (joining.length) await trx.insertInto('journal_members').values(joining.map((id) => ({ journal_id: journalId, user_id: id, role: 'student' as const, drp_status: 1, joined_at: nowIso() }))).execute()
    return { code: IMPORT_CODES.ok, added: joining.length }
  })
}

/** The teacher's active journals with their free places: the assign dialogs' choices (diary_count). */
export async function journalChoices(db: DB, ownerId: number) {
  const rows = await db
    .selectFrom('journals as j')
    .leftJoin('journal_members as m', (join) => join.onRef('m.journal_id', '=', 'j.id').on('m.role', '=', 'student'))
    .select((eb) => ['j.id', 'j.name', 'j.diary_publish_num as places', eb.fn.count<number>('m.user_id').as('taken')])
    .where('j.owner_id', '=', ownerId)
    .where('j.archived_at', 'is', null)
    .groupBy(['j.id', 'j.name', 'j.diary_publish_num'])
    .orderBy('j.name')
    .execute()
  return rows.map((r) => ({ id: r.id, name: r.name, free: Math.max(0, r.places - Number(r.taken)) }))
}
