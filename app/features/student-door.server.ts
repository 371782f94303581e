import { expressionBuilder, sql, type Expression, type SqlBool } from 'kysely'
import type { DB } from '~/db/connect.server'
import type { Database } from '~/db/schema'

/**
 * One door check for a child's data (DESIGN.md rule 12, decision 0061): a
 * student's posts, pictures, reports, family packs and their links, exports, e-books and their
 * links, and the class's books and packs are reachable only while the student's account is not
 * locked and no erasure of it waits. An undo opens every door again; the erasure for good removes
 * what was behind them. Every door asks this predicate, in its own query (a list leaves the student
 * out) or through `isStudentDataOpen` (a page, a file, a link: as if nothing were there).
 *
 * Not doors: the erase and export pages themselves (where the erasure is undone and where it says
 * why nothing can be exported), the school's safeguarding record of an alert, and who looked at the
 * student (the school's audit of its own staff).
 */
const eb = expressionBuilder<Database, never>()

/**
 * The students whose data is closed now: a lock (the account may not sign in; an erasure locks it,
 * an undo unlocks it) or a pending erasure. Both sets are read from partial indexes of a few rows,
 * once a query (an uncorrelated subquery), however many posts the query goes through; the literals
 * let SQLite and PostgreSQL use those indexes.
 */
const closedStudents = () =>
  eb
    .selectFrom('users as door_u')
    .select('door_u.id')
    .where('door_u.disabled_at', 'is not', null)
    .union(eb.selectFrom('student_erasures as door_e').select('door_e.student_id as id').where('door_e.status', '=', sql.lit('pending')).where('door_e.student_id', 'is not', null).$narrowType<{ id: number }>())

/** True for a row whose student (the column `studentColumn`, e.g. 'p.creator_id') may be reached. */
export function studentDataOpen(studentColumn: string): Expression<SqlBool> {
  return eb(sql.ref<number>(studentColumn), 'not in', closedStudents())
}

/** Whether this student's data may be reached now: false while an erasure waits, the account is locked, or it is gone. */
export async function isStudentDataOpen(db: DB, studentId: number) {
  return Boolean(await db.selectFrom('users as u').select('u.id').where('u.id', '=', studentId).where(studentDataOpen('u.id')).executeTakeFirst())
}

/** Which of these students' data is closed now (for what was read before: a cached summary). */
export async function closedAmong(db: DB, studentIds: number[]) {
  if (studentIds.length === 0) return new Set<number>()
  const rows = await db.selectFrom('users as u').select('u.id').where('u.id', 'in', studentIds).where((x) => x.not(studentDataOpen('u.id'))).execute()
  return new Set(rows.map((r) => r.id))
}
