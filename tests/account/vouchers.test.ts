import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { applyInviteCode, invitationsOf } from '~/features/account/invitations.server'
import { REDEEM, USE, VOUCHER_STATUS } from '~/features/account/voucher-codes'
import { issueVoucher, redeemVoucher, spendVoucher, vouchersOf } from '~/features/account/vouchers.server'
import { chargePlanFor } from '~/features/plans/charge-plan.server'
import { addDays, todayDate } from '~/shared/dates'
import { DIALECTS, freshDatabase } from '../support/db'
import { accountsFor } from '../support/people'

describe.each(DIALECTS)('vouchers and friend invitations on %s', (dialect) => {
  let conn: Awaited<ReturnType<typeof freshDatabase>>
  const user: Record<string, number> = {}
  const nextYear = addDays(todayDate(), 365)
  beforeAll(async () => {
    conn = await freshDatabase(dialect)
    Object.assign(user, await accountsFor(conn.db, ['giver', 'alice', 'bob', 'inviter', 'f1', 'f2', 'f3', 'f4', 'f5', 'f6']))
  })
  afterAll(() => conn.close())

  it('redeem: -1 for an unknown or expired code, -2 for one\'s own, -3 once used; the giver sees "transferred"', async () => {
    await issueVoucher(conn.db, { ownerId: user.giver, planCode: 'standard', days: 30, expireDate: nextYear, code: 'GIFT1' })
    await issueVoucher(conn.db, { ownerId: user.giver, planCode: 'standard', days: 30, expireDate: addDays(todayDate(), -1), code: 'OLD1' })
    expect(await redeemVoucher(conn.db, user.alice, 'NOPE')).toBe(REDEEM.unavailable)
    expect(await redeemVoucher(conn.db, user.alice, 'old1')).toBe(REDEEM.unavailable)
    expect(await redeemVoucher(conn.db, user.giver, 'GIFT1')).toBe(REDEEM.ownCode)
    expect(await redeemVoucher(conn.db, user.alice, ' gift1 ')).toBe(REDEEM.ok)
    expect(await redeemVoucher(conn.db, user.bob, 'GIFT1')).toBe(REDEEM.alreadyUsed)
    const giver = await vouchersOf(conn.db, user.giver, 'history', 1)
    expect(giver.rows.map((r) => [r.code, r.status])).toEqual([['GIFT1', VOUCHER_STATUS.transferred]])
    const alice = await vouchersOf(conn.db, user.alice, 'unused', 1)
    expect(alice.total).toBe(1)
    expect(alice.rows[0]).toMatchObject({ planCode: 'standard', days: 30, status: VOUCHER_STATUS.unused, expireDate: nextYear })
  })

  it('two concurrent redeems of one code: exactly one succeeds', async () => {
    await issueVoucher(conn.db, { ownerId: user.giver, planCode: 'standard', days: 30, expireDate: nextYear, code: 'RACE1' })
    const results = await Promise.all([redeemVoucher(conn.db, user.alice, 'RACE1'), redeemVoucher(conn.db, user.bob, 'RACE1')])
    expect(results.filter((r) => r === REDEEM.ok)).toHaveLength(1)
    expect(results.filter((r) => r === REDEEM.alreadyUsed)).toHaveLength(1)
    const copies = await conn.db.selectFrom('vouchers').select('id').where('owner_id', 'in', [user.alice, user.bob]).where('created_at', '>', '2000').execute()
    expect(copies).toHaveLength(2) // alice's GIFT1 copy and one RACE1 copy
  })

  it('use: the plan changes at once; two concurrent uses succeed once; -2 while a paid plan runs; -3 after expiry', async () => {
    const { id } = await issueVoucher(conn.db, { ownerId: user.bob, planCode: 'standard', days: 30, expireDate: nextYear })
    expect((await chargePlanFor(conn.db, user.bob, 'personal')).planCode).toBe('free')
    const results = await Promise.all([spendVoucher(conn.db, user.bob, id), spendVoucher(conn.db, user.bob, id)])
    expect(results.filter((r) => r === USE.ok)).toHaveLength(1)
    const plan = await chargePlanFor(conn.db, user.bob, 'personal')
    expect(plan.planCode).toBe('standard')
    expect(plan.planEndDate!.slice(0, 10)).toBe(new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10))
    const plans = await conn.db.selectFrom('user_plans').select('id').where('user_id', '=', user.bob).execute()
    expect(plans).toHaveLength(2) // the free plan and one standard month

    const second = await issueVoucher(conn.db, { ownerId: user.bob, planCode: 'standard', days: 30, expireDate: nextYear })
    expect(await spendVoucher(conn.db, user.bob, second.id)).toBe(USE.planInUse)
    const expired = await issueVoucher(conn.db, { ownerId: user.alice, planCode: 'standard', days: 30, expireDate: addDays(todayDate(), -1) })
    expect(await spendVoucher(conn.db, user.alice, expired.id)).toBe(USE.expired)
    // Someone else's voucher cannot be used.
    expect(await spendVoucher(conn.db, user.alice, second.id)).toBe(USE.failed)
  })

  it('every 3 invited friends earn one trial voucher, exactly once however they race', async () => {
    const { inviteCode } = await invitationsOf(conn.db, user.inviter, 1)
    expect(await conn.db.transaction().execute((trx) => applyInviteCode(trx, user.inviter, inviteCode))).toEqual({ ok: false, error: 'own' })
    expect(await conn.db.transaction().execute((trx) => applyInviteCode(trx, user.f1, 'WRONG'))).toEqual({ ok: false, error: 'invalid' })
    const apply = (name: string) => conn.db.transaction().execute((trx) => applyInviteCode(trx, user[name], inviteCode.toLowerCase()))
    expect(await apply('f1')).toEqual({ ok: true })
    expect(await apply('f1')).toEqual({ ok: false, error: 'already' })
    expect((await invitationsOf(conn.db, user.inviter, 1)).needed).toBe(2)
    await Promise.all([apply('f2'), apply('f3'), apply('f4')])
    const page = await invitationsOf(conn.db, user.inviter, 1)
    expect(page.total).toBe(4)
    expect(page.needed).toBe(2)
    expect(page.rows.map((r) => r.account).sort()).toEqual(['f1', 'f2', 'f3', 'f4'])
    await Promise.all([apply('f5'), apply('f6')])
    const vouchers = await vouchersOf(conn.db, user.inviter, 'unused', 1)
    expect(vouchers.total).toBe(2)
    expect(vouchers.rows.every((v) => v.planCode === 'standard' && v.days === 30)).toBe(true)
    expect((await invitationsOf(conn.db, user.inviter, 1)).needed).toBe(3)
  })
})
