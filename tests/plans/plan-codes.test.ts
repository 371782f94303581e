import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerWithPassword } from '~/features/auth/accounts.server'
import { insertJournal } from '~/features/journals/insert.server'
import { ticketsFor } from '~/features/journals/settings.server'
import { CODE_STATUS, codeActions, codeStatus } from '~/features/plans/plan-code-status'
import { addCodeComment, commentsOf, planCodesOf, runCodeAction, unsoldCount } from '~/features/plans/plan-codes.server'
import { CodeCommentSchema } from '~/features/plans/schema'
import { DIALECTS, freshDatabase } from '../support/db'

const DAY = 86_400_000
const at = (days: number) => new Date(Date.now() + days * DAY).toISOString()
const now = () => new Date().toISOString()

describe('plan code statuses and actions (spec 3 section 4)', () => {
  const base = { sold_date: null, used_by: null, use_expire_date: null, exchange_expire_date: at(10), renewed_into: null, journal_id: 1, exchange_code: null }
  it('derives 1, 2, 3 and -1 from the dates', () => {
    expect(codeStatus(base, now())).toBe(CODE_STATUS.unsold)
    expect(codeStatus({ ...base, sold_date: at(-1) }, now())).toBe(CODE_STATUS.sold)
    expect(codeStatus({ ...base, used_by: 7, use_expire_date: at(5) }, now())).toBe(CODE_STATUS.inUse)
    expect(codeStatus({ ...base, used_by: 7, use_expire_date: at(-1) }, now())).toBe(CODE_STATUS.expired)
    expect(codeStatus({ ...base, exchange_expire_date: at(-1) }, now())).toBe(CODE_STATUS.expired)
    expect(codeStatus({ ...base, renewed_into: 3 }, now())).toBe(CODE_STATUS.expired)
  })
  it('offers each action exactly when the spec says', () => {
    expect(codeActions(base, now())).toMatchObject({ sold: true, release: false, newCode: false, renew: false })
    expect(codeActions({ ...base, journal_id: null }, now()).sold).toBe(false)
    expect(codeActions({ ...base, sold_date: at(-1) }, now())).toMatchObject({ sold: false, release: true, newCode: true, renew: false })
    expect(codeActions({ ...base, sold_date: at(-1), exchange_code: 'X' }, now()).newCode).toBe(false)
    expect(codeActions({ ...base, sold_date: at(-1), used_by: 7, use_expire_date: at(5) }, now())).toMatchObject({ sold: false, release: false, newCode: false, renew: false })
    expect(codeActions({ ...base, exchange_expire_date: at(-1) }, now())).toMatchObject({ sold: false, release: false, renew: true })
    // A code used up to renew another is not renewed itself.
    expect(codeActions({ ...base, exchange_expire_date: at(-1), renewed_into: 9 }, now()).renew).toBe(false)
  })
})

describe.each(DIALECTS)('plan codes on %s', (dialect) => {
  let conn: Awaited<ReturnType<typeof freshDatabase>>
  let owner = 0
  let other = 0
  let journal = 0
  const ids: Record<string, number> = {}
  beforeAll(async () => {
    conn = await freshDatabase(dialect)
    owner = ((await registerWithPassword(conn.db, { account: 'owner@codes.test', password: 'secret-pass-1', locale: 'en' })) as { userId: number }).userId
    other = ((await registerWithPassword(conn.db, { account: 'other@codes.test', password: 'secret-pass-1', locale: 'en' })) as { userId: number }).userId
    journal = await insertJournal(conn.db, { owner_id: owner, name: 'Coded', diary_publish_num: 10 })
    const code = (name: string, extra: object) =>
      conn.db
        .insertInto('plan_codes')
        .values({ exchange_code: null, owner_id: owner, book_id: null, plan_days: 30, student_limit: 1, exchange_expire_date: at(100), sold_date: null, used_by: null, use_date: null, use_expire_date: null, journal_id: journal, created_at: now(), ...extra })
        .returning('id')
        .executeTakeFirstOrThrow()
        .then((r) => (ids[name] = r.id))
    await code('unsold', {})
    await code('sold', { sold_date: at(-1), exchange_code: 'SOLD1' })
    await code('inUse', { sold_date: at(-3), exchange_code: 'USED1', used_by: other, use_date: at(-2), use_expire_date: at(28) })
    await code('expired', { sold_date: at(-60), exchange_code: 'OLD1', used_by: other, use_date: at(-59), use_expire_date: at(-29) })
    await code('spare', { journal_id: null })
  })
  afterAll(() => conn.close())

  it('lists by status, by journal and by code; 4 only without a journal', async () => {
    const statuses = async (status: number | null, journalId: number | null = null) => (await planCodesOf(conn.db, owner, { status, journalId }, 1)).rows.map((r) => r.id).sort()
    expect(await statuses(CODE_STATUS.sold)).toEqual([ids.sold])
    expect(await statuses(CODE_STATUS.inUse)).toEqual([ids.inUse])
    expect(await statuses(CODE_STATUS.expired)).toEqual([ids.expired])
    expect(await statuses(CODE_STATUS.unbound)).toEqual([ids.spare])
    expect(await statuses(CODE_STATUS.unbound, journal)).toEqual([])
    expect((await planCodesOf(conn.db, owner, { code: 'sold' }, 1)).rows.map((r) => r.id)).toEqual([ids.sold])
    expect((await planCodesOf(conn.db, other, {}, 1)).total).toBe(0)
    expect(await unsoldCount(conn.db, owner)).toBe(2)
    expect(await unsoldCount(conn.db, owner, journal)).toBe(1)
    // The journal's unsold code is a place of its own in the student limit.
    expect((await ticketsFor(conn.db, owner, 30, journal)).max).toBe(31)
    // A journal paid by codes holds none of the plan's tickets: a new journal may have all 30.
    expect((await ticketsFor(conn.db, owner, 30)).max).toBe(30)
  })

  it('runs each action only when allowed, never on another owner\'s code', async () => {
    expect(await runCodeAction(conn.db, other, ids.unsold, 'sold')).toBe('notAllowed')
    expect(await runCodeAction(conn.db, owner, ids.inUse, 'release')).toBe('notAllowed')
    // Two clicks on "sold" at once: one succeeds.
    const clicks = await Promise.all([runCodeAction(conn.db, owner, ids.unsold, 'sold'), runCodeAction(conn.db, owner, ids.unsold, 'sold')])
    expect(clicks.sort()).toEqual(['notAllowed', 'ok'])
    expect(await runCodeAction(conn.db, owner, ids.unsold, 'newCode')).toBe('ok')
    const coded = await conn.db.selectFrom('plan_codes').select('exchange_code').where('id', '=', ids.unsold).executeTakeFirstOrThrow()
    expect(coded.exchange_code).toMatch(/^P[0-9A-F]{10}$/)
    expect(await runCodeAction(conn.db, owner, ids.sold, 'release', { removeJournal: true })).toBe('ok')
    const released = await conn.db.selectFrom('plan_codes').select(['sold_date', 'exchange_code', 'journal_id']).where('id', '=', ids.sold).executeTakeFirstOrThrow()
    expect(released).toEqual({ sold_date: null, exchange_code: null, journal_id: null })
  })

  it('renews an expired code with an unused one, then has none left', async () => {
    // Unbound unsold codes now: "spare" and the released "sold".
    expect(await runCodeAction(conn.db, owner, ids.expired, 'renew')).toBe('ok')
    const renewed = await conn.db.selectFrom('plan_codes').select('use_expire_date').where('id', '=', ids.expired).executeTakeFirstOrThrow()
    expect(renewed.use_expire_date! > now()).toBe(true)
    expect((await planCodesOf(conn.db, owner, { status: CODE_STATUS.inUse }, 1)).rows.map((r) => r.id).sort()).toEqual([ids.inUse, ids.expired].sort())
    await conn.db.updateTable('plan_codes').set({ use_expire_date: at(-1) }).where('id', '=', ids.expired).execute()
    expect(await runCodeAction(conn.db, owner, ids.expired, 'renew')).toBe('ok')
    await conn.db.updateTable('plan_codes').set({ use_expire_date: at(-1) }).where('id', '=', ids.expired).execute()
    expect(await runCodeAction(conn.db, owner, ids.expired, 'renew')).toBe('noRemainingPlan')
  })

  it('keeps comments per code, for its owner only', async () => {
    expect(await addCodeComment(conn.db, other, ids.inUse, 'not mine')).toBe(false)
    expect(await addCodeComment(conn.db, owner, ids.inUse, '  Paid by the PTA  ')).toBe(true)
    expect((await commentsOf(conn.db, owner, ids.inUse)).map((c) => c.comment)).toEqual(['Paid by the PTA'])
    expect(await commentsOf(conn.db, other, ids.inUse)).toEqual([])
  })

  it('stores a comment without control characters (the form\'s schema, and the feature again)', async () => {
    const parsed = CodeCommentSchema.safeParse({ intent: 'comment', comment: '\u0000Paid\b by\u000b the\u001b[31m fund\n' })
    expect(parsed.data?.comment).toBe('Paid by the[31m fund')
    expect(CodeCommentSchema.safeParse({ intent: 'comment', comment: '\u0000\u0007 ' }).error?.issues.map((i) => i.message)).toEqual(['validation.required'])
    expect(await addCodeComment(conn.db, owner, ids.unsold, 'Sold\u0000 at the\u0008 fair\u001b')).toBe(true)
    expect((await commentsOf(conn.db, owner, ids.unsold)).map((c) => c.comment)).toEqual(['Sold at the fair'])
  })
})
