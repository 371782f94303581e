import { randomBytes } from 'node:crypto'
import type { DB } from '~/db/connect.server'
import { nowIso } from '~/db/time'
import { todayDate, DEFAULT_TIME_ZONE } from '~/shared/dates'
import { REDEEM, USE, VOUCHER_STATUS, VOUCHERS_PER_PAGE } from './voucher-codes'
import { pageOfList } from '~/features/lists.server'

export const newVoucherCode = () => `V${randomBytes(5).toString('hex').toUpperCase()}`
const normalizeCode = (code: string) => code.trim().toUpperCase()

/** A new, unused voucher row: the one shape every way of getting a voucher writes. */
export const unusedVoucher = (v: { ownerId: number | null; planId: number; days: number; expireDate: string; code?: string; sourceKey?: string }) => ({
  code: v.code ?? newVoucherCode(),
  owner_id: v.ownerId,
  plan_id: v.planId,
  days: v.days,
  status: VOUCHER_STATUS.unused,
  expire_date: v.expireDate,
  source_key: v.sourceKey ?? null,
  transferred_to: null,
  used_at: null,
  created_at: nowIso(),
})

/** A voucher for a plan of `days` days, usable until `expireDate` (YYYY-MM-DD). */
export async function issueVoucher(
  db: DB,
  input: { ownerId: number | null; planCode: string; days: number; expireDate: string; code?: string; sourceKey?: string },
) {
  const plan = await db.selectFrom('plans').select('id').where('code', '=', input.planCode).executeTakeFirstOrThrow()
  return db
    .insertInto('vouchers')
    .values(unusedVoucher({ ...input, planId: plan.id }))
    .returning('id')
    .executeTakeFirstOrThrow()
}

/** My vouchers: the Unused tab (status 1) or the History tab (transferred and used), newest first. */
export async function vouchersOf(db: DB, userId: number, tab: 'unused' | 'history', page: number) {
  const base = db
    .selectFrom('vouchers as v')
    .where('v.owner_id', '=', userId)
    .where('v.status', tab === 'unused' ? '=' : '!=', VOUCHER_STATUS.unused)
  const list = await pageOfList(
    page,
    async () => (await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n,
    (offset, limit) =>
      base
        .innerJoin('plans as p', 'p.id', 'v.plan_id')
        .select(['v.id', 'v.code', 'v.status', 'v.days', 'v.expire_date as expireDate', 'v.used_at as usedAt', 'p.code as planCode'])
        .orderBy('v.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
    VOUCHERS_PER_PAGE,
  )
  const today = todayDate(new Date(), DEFAULT_TIME_ZONE)
  return { ...list, rows: list.rows.map((r) => ({ ...r, expired: r.expireDate < today })) }
}

/**
 * Redeem a code someone gave: the giver's voucher becomes "transferred" and the redeemer gets one
 * of their own (with a new code). The status change is conditional, so of two redeems of one code
 * exactly one succeeds.
 */
export async function redeemVoucher(db: DB, userId: number, rawCode: string) {
  const voucher = await db.selectFrom('vouchers').selectAll().where('code', '=', normalizeCode(rawCode)).executeTakeFirst()
  if (!voucher || voucher.expire_date < todayDate(new Date(), DEFAULT_TIME_ZONE)) return REDEEM.unavailable
  if (voucher.owner_id === userId) return REDEEM.ownCode
  if (voucher.status !== VOUCHER_STATUS.unused) return REDEEM.alreadyUsed
  return db.transaction().execute(async (trx) => {
    const taken = await trx
      .updateTable('vouchers')
      .set({ status: VOUCHER_STATUS.transferred, transferred_to: userId })
      .where('id', '=', voucher.id)
      .where('status', '=', VOUCHER_STATUS.unused)
      .executeTakeFirst()
    if (Number(taken.numUpdatedRows) !== 1) return REDEEM.alreadyUsed
    await trx
      .insertInto('vouchers')
      .values(unusedVoucher({ ownerId: userId, planId: voucher.plan_id, days: voucher.days, expireDate: voucher.expire_date }))
      .execute()
    return REDEEM.ok
  })
}

/**
 * Use a voucher: its plan starts now for its days. Refused while a paid personal plan is still
 * running (-2) and after the voucher's last day (-3). Exactly one of two concurrent uses succeeds.
 */
export async function spendVoucher(db: DB, userId: number, voucherId: number) {
  const voucher = await db.selectFrom('vouchers').selectAll().where('id', '=', voucherId).where('owner_id', '=', userId).executeTakeFirst()
  if (!voucher || voucher.status !== VOUCHER_STATUS.unused) return USE.failed
  if (voucher.expire_date < todayDate(new Date(), DEFAULT_TIME_ZONE)) return USE.expired
  const now = new Date()
  const running = await db
    .selectFrom('user_plans as up')
    .innerJoin('plans as p', 'p.id', 'up.plan_id')
    .select('up.id')
    .where('up.user_id', '=', userId)
    .where('p.level', '>', 0)
    .where('up.start_date', '<=', now.toISOString())
    .where((eb) => eb.or([eb('up.end_date', 'is', null), eb('up.end_date', '>', now.toISOString())]))
    .executeTakeFirst()
  if (running) return USE.planInUse
  return db.transaction().execute(async (trx) => {
    const spent = await trx
      .updateTable('vouchers')
      .set({ status: VOUCHER_STATUS.used, used_at: now.toISOString() })
      .where('id', '=', voucher.id)
      .where('status', '=', VOUCHER_STATUS.unused)
      .executeTakeFirst()
    if (Number(spent.numUpdatedRows) !== 1) return USE.failed
    const end = new Date(now.getTime() + voucher.days * 86_400_000)
    await trx.insertInto('user_plans').values({ user_id: userId, plan_id: voucher.plan_id, start_date: now.toISOString(), end_date: end.toISOString(), created_at: now.toISOString() }).execute()
    return USE.ok
  })
}
