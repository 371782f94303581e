import { randomBytes } from 'node:crypto'
import type { DB } from '~/db/connect.server'
import { lockRow } from '~/db/lock.server'
import { nowIso } from '~/db/time'
import { cleanValue } from '~/shared/text'
import { CODE_STATUS, CODES_PER_PAGE, codeActions, codeStatus } from './plan-code-status'
import { pageWithin } from '~/shared/lists'

const DAY_MS = 86_400_000
const newExchangeCode = () => `P${randomBytes(5).toString('hex').toUpperCase()}`

export interface CodeFilter {
  code?: string
  journalId?: number | null
  status?: number | null
}

/**
 * The owner's plan codes (GET list: page, q_code, q_homeworkId, q_status), newest first, with
 * their status derived from the dates on the server. The status is filtered after deriving it:
 * an owner holds hundreds of codes, not millions.
 */
export async function planCodesOf(db: DB, ownerId: number, filter: CodeFilter, page: number) {
  const now = nowIso()
  let q = db
    .selectFrom('plan_codes as c')
    .leftJoin('journals as j', 'j.id', 'c.journal_id')
    .leftJoin('users as u', 'u.id', 'c.used_by')
    .select([
      'c.id', 'c.exchange_code', 'c.plan_days', 'c.student_limit', 'c.exchange_expire_date', 'c.sold_date', 'c.used_by', 'c.use_date', 'c.use_expire_date',
      'c.journal_id', 'c.created_at', 'c.renewed_into', 'j.name as journalName', 'u.name as userName', 'u.account as userAccount',
    ])
    .where('c.owner_id', '=', ownerId)
  if (filter.code?.trim()) q = q.where('c.exchange_code', 'like', `%${filter.code.trim().toUpperCase().replace(/[%_]/g, '')}%`)
  if (filter.journalId) q = q.where('c.journal_id', '=', filter.journalId)
  const rows = await q.orderBy('c.id', 'desc').execute()
  const all = rows
    .map((r) => ({ ...r, status: codeStatus(r, now), actions: codeActions(r, now) }))
    .filter((r) => {
      if (!filter.status) return true
      // 4 (unbound) only without a journal filter (spec 3 section 4).
      if (filter.status === CODE_STATUS.unbound) return !filter.journalId && r.journal_id === null
      return r.status === filter.status
    })
  const shown = pageWithin(page, all.length, CODES_PER_PAGE)
  return { rows: all.slice(shown.offset, shown.offset + CODES_PER_PAGE), total: all.length, page: shown.page, totalPages: shown.totalPages }
}

export async function commentsOf(db: DB, ownerId: number, codeId: number) {
  return db
    .selectFrom('plan_code_comments as m')
    .innerJoin('plan_codes as c', 'c.id', 'm.plan_code_id')
    .innerJoin('users as u', 'u.id', 'm.author_id')
    .select(['m.id', 'm.comment', 'm.created_at as createdAt', 'u.name as author'])
    .where('c.owner_id', '=', ownerId)
    .where('c.id', '=', codeId)
    .orderBy('m.id')
    .execute()
}

/** The owner's unsold codes, optionally of one journal (GET unsold count). */
export async function unsoldCount(db: DB, ownerId: number, journalId?: number) {
  let q = db.selectFrom('plan_codes').select(['sold_date', 'used_by', 'use_expire_date', 'exchange_expire_date', 'renewed_into']).where('owner_id', '=', ownerId)
  if (journalId) q = q.where('journal_id', '=', journalId)
  const now = nowIso()
  return (await q.execute()).filter((c) => codeStatus(c, now) === CODE_STATUS.unsold).length
}

export type CodeAction = 'sold' | 'release' | 'newCode' | 'renew'
export type ActionResult = 'ok' | 'notAllowed' | 'noRemainingPlan'

/**
 * The actions of spec 3 section 4, each allowed exactly when `codeActions` says, checked again
 * inside the transaction (the owner's row locked, so two clicks cannot both pass the check).
 * release may also remove the journal; renew uses up one of the owner's unused, unbound codes and
 * extends this one by its days.
 */
export async function runCodeAction(db: DB, ownerId: number, codeId: number, action: CodeAction, options: { removeJournal?: boolean } = {}): Promise<ActionResult> {
  return db.transaction().execute(async (trx): Promise<ActionResult> => {
    await lockRow(trx, 'users', ownerId)
    const code = await trx.selectFrom('plan_codes').selectAll().where('id', '=', codeId).where('owner_id', '=', ownerId).executeTakeFirst()
    if (!code) return 'notAllowed'
    const now = nowIso()
    const donors = (await trx.selectFrom('plan_codes').selectAll().where('owner_id', '=', ownerId).where('journal_id', 'is', null).where('id', '!=', codeId).orderBy('id').execute()).filter(
      (c) => codeStatus(c, now) === CODE_STATUS.unsold,
    )
    const allowed = codeActions(code, now)
    if (!allowed[action]) return 'notAllowed'
    const set = (values: Partial<{ sold_date: string | null; exchange_code: string | null; journal_id: number | null; use_expire_date: string; exchange_expire_date: string }>) =>
      trx.updateTable('plan_codes').set(values).where('id', '=', codeId).execute()
    if (action === 'sold') await set({ sold_date: now })
    // Released: unsold again, and its exchange code stops working (a new one comes with the next sale).
    if (action === 'release') await set({ sold_date: null, exchange_code: null, ...(options.removeJournal ? { journal_id: null } : {}) })
    if (action === 'newCode') await set({ exchange_code: newExchangeCode() })
    if (action === 'renew') {
      const donor = donors[0]
      if (!donor) return 'noRemainingPlan'
      await trx.updateTable('plan_codes').set({ renewed_into: codeId }).where('id', '=', donor.id).execute()
      const extend = (from: string | null) => new Date(Math.max(Date.parse(from ?? now), Date.now()) + donor.plan_days * DAY_MS).toISOString()
      await set(code.used_by !== null ? { use_expire_date: extend(code.use_expire_date) } : { exchange_expire_date: extend(code.exchange_expire_date) })
    }
    return 'ok'
  })
}

export async function addCodeComment(db: DB, ownerId: number, codeId: number, comment: string) {
  const code = await db.selectFrom('plan_codes').select('id').where('id', '=', codeId).where('owner_id', '=', ownerId).executeTakeFirst()
  if (!code) return false
  await db.insertInto('plan_code_comments').values({ plan_code_id: codeId, author_id: ownerId, comment: cleanValue(comment), created_at: nowIso() }).execute()
  return true
}
