import { data } from 'react-router'
import type { DB } from '~/db/connect.server'
import { isoIn, nowIso } from '~/db/time'
import { insertJournal } from '~/features/journals/insert.server'
import { ticketsFor } from '~/features/journals/settings.server'
import { PLAN_CODE_ERRORS } from './constants'
import { startContestJournal, type ContestError } from './contest-code.server'

const DAY_MS = 86_400_000
const BOOK = ['b.id', 'b.name', 'b.description', 'b.label_color_code as labelColorCode', 'b.has_pay as hasPay', 'b.intro_url as introUrl'] as const

/**
 * Resource books, each with whether its resources are open to this user: free, or unlocked by a
 * plan code the user redeemed for the book that is still in use.
 */
export async function resourceBooks(db: DB, userId: number) {
  const now = nowIso()
  const rows = await db
    .selectFrom('resource_books as b')
    .select((eb) => [
      ...BOOK,
      eb
        .exists(eb.selectFrom('plan_codes as c').select('c.id').whereRef('c.book_id', '=', 'b.id').where('c.used_by', '=', userId).where('c.use_expire_date', '>', now))
        .as('unlocked'),
      eb.selectFrom('resources as r').select((e) => e.fn.countAll<number>().as('n')).whereRef('r.book_id', '=', 'b.id').as('resourceCount'),
    ])
    .orderBy('b.id')
    .execute()
  return rows.map((b) => ({ ...b, locked: b.hasPay === 1 && !b.unlocked, resourceCount: Number(b.resourceCount ?? 0) }))
}

/** One book with its resources; a locked paid book lists its resources' titles without links. */
export async function bookWithResources(db: DB, rawId: string | undefined, userId: number) {
  const id = Number(rawId)
  const book = Number.isInteger(id) && id > 0 ? (await resourceBooks(db, userId)).find((b) => b.id === id) : undefined
  if (!book) throw data(null, { status: 404 })
  const resources = await db.selectFrom('resources').select(['id', 'title', 'link', 'type']).where('book_id', '=', id).orderBy('sort').orderBy('id').execute()
  return { book, resources: book.locked ? resources.map((r) => ({ ...r, link: null })) : resources }
}

/**
 * The resources of a journal started from a course book (/diary/homework/{id}/resource). A paid
 * book's resources open when the journal holds a plan code still in use.
 */
export async function journalResources(db: DB, journalId: number) {
  const row = await db
    .selectFrom('journals as j')
    .innerJoin('resource_books as b', 'b.id', 'j.resource_book_id')
    .select((eb) => [
      ...BOOK,
      eb.exists(eb.selectFrom('plan_codes as c').select('c.id').whereRef('c.journal_id', '=', 'j.id').where('c.use_expire_date', '>', nowIso())).as('paid'),
    ])
    .where('j.id', '=', journalId)
    .executeTakeFirst()
  if (!row) return null
  const locked = row.hasPay === 1 && !row.paid
  const resources = await db.selectFrom('resources').select(['id', 'title', 'link', 'type']).where('book_id', '=', row.id).orderBy('sort').orderBy('id').execute()
  return { book: { ...row, locked }, resources: locked ? resources.map((r) => ({ ...r, link: null })) : resources }
}

export type StartResult = { ok: true; journalId: number; contest?: boolean } | { ok: false; field: 'sampleCode' | 'planCode'; error: StartError }
type StartError = 'catalogue.invitationCodeError' | 'journal.startNoTickets' | 'catalogue.bookSerialUnknown' | 'catalogue.bookSerialUsed' | ContestError

/** The catalogue message of each plan exchange code result (spec 3 section 8). */
const PLAN_CODE_MESSAGE = {
  [PLAN_CODE_ERRORS.invalid]: 'catalogue.bookSerialUnknown',
  [PLAN_CODE_ERRORS.otherBook]: 'catalogue.bookSerialUnknown',
  [PLAN_CODE_ERRORS.used]: 'catalogue.bookSerialUsed',
} as const
const planCodeError = (code: keyof typeof PLAN_CODE_MESSAGE): StartResult => ({ ok: false, field: 'planCode', error: PLAN_CODE_MESSAGE[code] })

/** The create dialog's "from a sample code": a code with "ct_" is a contest code, any other a course book. */
export function startFromSampleCode(db: DB, owner: { userId: number; planLimit: number }, input: { sampleCode: string; planCode?: string }) {
  return input.sampleCode.includes('ct_') ? startContestJournal(db, owner, input.sampleCode) : takeCourseBook(db, owner, input)
}

/**
 * Take a course book (spec 2: "from a sample code"): a new journal with the book's settings and
 * resources. A plan exchange code is optional: `-01103` unknown or past its exchange date, `-01104`
 * meant for another book, `-01105` already used. With a code the journal's students are paid by
 * the code (its limit, its days); without one the journal takes the plan's tickets.
 */
export async function takeCourseBook(db: DB, owner: { userId: number; planLimit: number }, input: { sampleCode: string; planCode?: string }): Promise<StartResult> {
  return db.transaction().execute(async (trx): Promise<StartResult> => {
    const book = await trx.selectFrom('resource_books').selectAll().where('course_code', '=', input.sampleCode.trim().toUpperCase()).executeTakeFirst()
    if (!book) return { ok: false, field: 'sampleCode', error: 'catalogue.invitationCodeError' }
    const now = nowIso()
    let limit: number
    let planCode: { id: number; plan_days: number } | undefined
    if (input.planCode) {
      const code = await trx.selectFrom('plan_codes').selectAll().where('exchange_code', '=', input.planCode.trim().toUpperCase()).executeTakeFirst()
      if (!code) return planCodeError(PLAN_CODE_ERRORS.invalid)
      if (code.used_by !== null) return planCodeError(PLAN_CODE_ERRORS.used)
      if (code.exchange_expire_date <= now) return planCodeError(PLAN_CODE_ERRORS.invalid)
      if (code.book_id !== null && code.book_id !== book.id) return planCodeError(PLAN_CODE_ERRORS.otherBook)
      limit = code.student_limit
      planCode = code
    } else {
      const { max } = await ticketsFor(trx, owner.userId, owner.planLimit)
      limit = Math.min(book.student_limit, max)
      if (limit < 1) return { ok: false, field: 'sampleCode', error: 'journal.startNoTickets' }
    }
    const id = await insertJournal(trx, {
      owner_id: owner.userId,
      name: book.name.slice(0, 50),
      description: book.description,
      label_color_code: book.label_color_code,
      speech_lang: book.speech_lang,
      diary_publish_num: limit,
      resource_book_id: book.id,
    })
    if (planCode) {
      // Used only if still unused: a second teacher racing for the same code gets -01105.
      const used = await trx
        .updateTable('plan_codes')
        .set({ used_by: owner.userId, use_date: now, use_expire_date: isoIn(planCode.plan_days * DAY_MS), journal_id: id })
        .where('id', '=', planCode.id)
        .where('used_by', 'is', null)
        .executeTakeFirst()
      if (Number(used.numUpdatedRows) !== 1) throw new PlanCodeRace()
    }
    return { ok: true, journalId: id }
  }).catch((error): StartResult => {
    if (error instanceof PlanCodeRace) return planCodeError(PLAN_CODE_ERRORS.used)
    throw error
  })
}

class PlanCodeRace extends Error {}
