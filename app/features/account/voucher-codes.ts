/** Voucher statuses: unused, transferred (redeemed by someone else: spec 1 section 3), used. */
export const VOUCHER_STATUS = { unused: 1, transferred: 2, used: 3 } as const
/** Redeem answers (spec 1 section 8): -1 unavailable, -2 one's own code, -3 already used. */
export const REDEEM = { ok: 0, unavailable: -1, ownCode: -2, alreadyUsed: -3 } as const
/** Use answers: -2 a plan is already in use, -3 expired, -4 any other failure. */
export const USE = { ok: 0, planInUse: -2, expired: -3, failed: -4 } as const
export const VOUCHERS_PER_PAGE = 10
