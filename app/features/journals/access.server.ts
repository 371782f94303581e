import { data } from 'react-router'
import type { DB } from '~/db/connect.server'
import { prepared } from '~/db/prepared.server'
import { MEMBERSHIP_STATUS } from './constants'
import { parseId } from '~/shared/lists'

export interface JournalHead {
  id: number
  name: string
  ownerId: number
  shareType: string
  subType: string
  createdAt: string
  /** The course book it was started from, whose resources get a page (spec 2 side menu). */
  resourceBookId: number | null
  /** The language its students write in (a `lang` value), so their text is drawn with the right letterforms. */
  lang: string
  /** The school's zone: every time on its pages is written in it (decision 0044). */
  timeZone: string
}

/** A journal's language (en, zh, ja) as the `lang` of its students' text: Chinese here is Traditional. */
export const textLang = (speechLang: string) => (speechLang === 'zh' ? 'zh-Hant' : speechLang)
export type JournalRole = 'owner' | 'teacher'

/** Parses a journal id from the URL; anything else is not a journal. */
export function journalIdOf(param: string | undefined) {
  return parseId(param)
}

/** Whether a journal of that id exists (archived or not): to tell a refusal (403) from nothing there (404). */
export async function journalExists(db: DB, journalId: number) {
  return Boolean(await db.selectFrom('journals').select('id').where('id', '=', journalId).executeTakeFirst())
}

// Every page under a journal runs it: prepared once.
const accessQuery = prepared((db, v: { journalId: number; userId: number }) =>
  db
    .selectFrom('journals as j')
    .leftJoin('journal_members as me', (join) => join.onRef('me.journal_id', '=', 'j.id').on('me.user_id', '=', v.userId).on('me.role', '=', 'teacher'))
    .select(['j.id', 'j.name', 'j.owner_id as ownerId', 'j.share_type as shareType', 'j.sub_type as subType', 'j.created_at as createdAt', 'j.resource_book_id as resourceBookId', 'j.speech_lang as speechLang', 'j.time_zone as timeZone', 'me.drp_status as drpStatus'])
    .where('j.id', '=', v.journalId)
    .where('j.archived_at', 'is', null),
)

/**
 * Who may open a journal's pages (decision 0008): its owner, and a teacher the owner accepted
 * (drp_status 1). An archived journal is gone for everyone.
 */
export async function journalAccess(db: DB, journalId: number, userId: number): Promise<{ journal: JournalHead; role: JournalRole | null } | null> {
  const [row] = await accessQuery(db, { journalId, userId })
  if (!row) return null
  const journal: JournalHead = { id: row.id, name: row.name, ownerId: row.ownerId, shareType: row.shareType, subType: row.subType, createdAt: row.createdAt, resourceBookId: row.resourceBookId, lang: textLang(row.speechLang), timeZone: row.timeZone }
  const role = journal.ownerId === userId ? 'owner' : row.drpStatus === MEMBERSHIP_STATUS.approved ? 'teacher' : null
  return { journal, role }
}

/**
 * The server-side gate of every page and action under /diary/homework/{id}: 404 for no such
 * journal, 403 for a teacher without the right. `ownerOnly` for what only the owner may do
 * (settings, archive, invitations, privileged teachers).
 */
export async function requireJournal(db: DB, param: string | undefined, userId: number, { ownerOnly = false } = {}) {
  const id = journalIdOf(param)
  const access = id === null ? null : await journalAccess(db, id, userId)
  if (!access) throw data(null, { status: 404 })
  if (!access.role || (ownerOnly && access.role !== 'owner')) throw data(null, { status: 403 })
  return { journal: access.journal, role: access.role }
}
