import type { Transaction } from 'kysely'
import { lockRow } from '~/db/lock.server'
import type { DB } from '~/db/connect.server'
import type { Database } from '~/db/schema'
import { addDays, todayDate, DEFAULT_TIME_ZONE } from '~/shared/dates'
import { unusedVoucher } from './vouchers.server'
import { pageOfList } from '~/features/lists.server'

/** Friend invitations (spec 1 section 9): every 3 registered friends earn a one-month standard-plan trial voucher. */
export const FRIENDS_PER_VOUCHER = 3
export const INVITE_VOUCHER = { planCode: 'standard', days: 30, validDays: 365 } as const
export const FRIENDS_PER_PAGE = 10

export type InviteResult = { ok: true } | { ok: false; error: 'invalid' | 'own' | 'already' }

/** A friend's code applied on its own (the /drpb/{code} link's button): applyInviteCode in a transaction of its own. */
export function redeemInviteCode(db: DB, userId: number, rawCode: string): Promise<InviteResult> {
  return db.transaction().execute((trx) => applyInviteCode(trx, userId, rawCode))
}

/**
 * Records that `userId` was invited with a friend's code (at the profile setup or through
 * /drpb/{code}). A user is invited once, never by themselves. Inside the caller's transaction.
 */
export async function applyInviteCode(trx: Transaction<Database>, userId: number, rawCode: string): Promise<InviteResult> {
  const code = rawCode.trim().toUpperCase()
  const inviter = await trx.selectFrom('users').select('id').where('invite_code', '=', code).where('kind', '=', 'teacher').executeTakeFirst()
  if (!inviter) return { ok: false, error: 'invalid' }
  if (inviter.id === userId) return { ok: false, error: 'own' }
  // Friends registering at once are counted one after the other.
  await lockRow(trx, 'users', inviter.id)
  const set = await trx.updateTable('users').set({ invited_by: inviter.id }).where('id', '=', userId).where('invited_by', 'is', null).executeTakeFirst()
  if (Number(set.numUpdatedRows) !== 1) return { ok: false, error: 'already' }
  await grantInviteVouchers(trx, inviter.id)
  return { ok: true }
}

/**
 * Issues the vouchers the inviter has earned and not yet received. Each has a key ("invite:{id}:{n}"),
 * so two friends registering at once never earn the same voucher twice.
 */
async function grantInviteVouchers(trx: Transaction<Database>, inviterId: number) {
  const count = await trx.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).where('invited_by', '=', inviterId).executeTakeFirstOrThrow()
  const earned = Math.floor(Number(count.n) / FRIENDS_PER_VOUCHER)
  if (!earned) return
  const plan = await trx.selectFrom('plans').select('id').where('code', '=', INVITE_VOUCHER.planCode).executeTakeFirstOrThrow()
  const expireDate = addDays(todayDate(new Date(), DEFAULT_TIME_ZONE), INVITE_VOUCHER.validDays)
  for (let n = 1; n <= earned; n++) {
    await trx
      .insertInto('vouchers')
      .values(unusedVoucher({ ownerId: inviterId, planId: plan.id, days: INVITE_VOUCHER.days, expireDate, sourceKey: `invite:${inviterId}:${n}` }))
      .onConflict((oc) => oc.column('source_key').doNothing())
      .execute()
  }
}

/** The invite page: my code, the friends who registered with it (10 a page), and how many more earn a voucher. */
export async function invitationsOf(db: DB, userId: number, page: number) {
  const me = await db.selectFrom('users').select('invite_code').where('id', '=', userId).executeTakeFirstOrThrow()
  const list = await pageOfList(
    page,
    async () => (await db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).where('invited_by', '=', userId).executeTakeFirstOrThrow()).n,
    (offset, limit) => db.selectFrom('users').select(['account', 'created_at as createdAt']).where('invited_by', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute(),
    FRIENDS_PER_PAGE,
  )
  return { inviteCode: me.invite_code, ...list, needed: FRIENDS_PER_VOUCHER - (list.total % FRIENDS_PER_VOUCHER) }
}
