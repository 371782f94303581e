/** Plan code (login serial number) statuses, spec 1 section 3 and spec 3 section 4. */
export const CODE_STATUS = { unsold: 1, sold: 2, inUse: 3, unbound: 4, expired: -1 } as const
export const CODE_FILTERS = [CODE_STATUS.sold, CODE_STATUS.inUse, CODE_STATUS.expired, CODE_STATUS.unbound] as const
export const CODES_PER_PAGE = 10
/** A plan code's comment: at most this many characters. */
export const PLAN_COMMENT_MAX = 500

export interface CodeDates {
  sold_date: string | null
  used_by: number | null
  use_expire_date: string | null
  exchange_expire_date: string
  renewed_into: number | null
}

/**
 * A code's status from its dates (spec 3 section 4): -1 when its use has ended, or its exchange
 * date passed while unused (or it was used up renewing another); 3 in use; 2 sold, not used; 1 unsold.
 */
export function codeStatus(c: CodeDates, now: string) {
  if (c.renewed_into !== null) return CODE_STATUS.expired
  if (c.used_by !== null) return c.use_expire_date !== null && c.use_expire_date > now ? CODE_STATUS.inUse : CODE_STATUS.expired
  if (c.exchange_expire_date <= now) return CODE_STATUS.expired
  return c.sold_date ? CODE_STATUS.sold : CODE_STATUS.unsold
}

/** Which actions a code offers (spec 3 section 4); the server allows exactly these. */
/** Renew shows for every expired code; without an unused plan to take, the click gets the alert. */
export function codeActions(c: CodeDates & { journal_id: number | null; exchange_code: string | null }, now: string) {
  const status = codeStatus(c, now)
  const used = c.used_by !== null
  return {
    sold: status !== CODE_STATUS.expired && c.journal_id !== null && !c.sold_date && !used,
    release: status !== CODE_STATUS.expired && Boolean(c.sold_date) && !used,
    newCode: !c.exchange_code && Boolean(c.sold_date) && !used && status !== CODE_STATUS.expired,
    renew: status === CODE_STATUS.expired && c.renewed_into === null,
  }
}
