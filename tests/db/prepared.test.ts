import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'kysely'
import { prepared } from '~/db/prepared.server'
import { fromJson, jsonArrayFrom } from '~/db/json.server'
import { DIALECTS, freshDatabase } from '../support/db'

describe.each(DIALECTS)('prepared queries and JSON columns on %s', (dialect) => {
  let conn: Awaited<ReturnType<typeof freshDatabase>>
  beforeAll(async () => {
    conn = await freshDatabase(dialect)
    const now = new Date().toISOString()
    await conn.db
      .insertInto('users')
      .values(['amy', 'ben', 'cat', 'dan'].map((account, i) => ({ account, kind: 'teacher' as const, email: `${account}@p.test`, email_verified: 1, name: i % 2 ? null : account.toUpperCase(), locale: 'en', info_set: 1, invite_code: `P${account}`, mode: 'personal' as const, created_at: now })))
      .execute()
  })
  afterAll(() => conn.close())

  const byName = prepared((db, v: { prefix: string; name?: string; limit: number }) => {
    let q = db.selectFrom('users').select(['account', 'name']).where('account', 'like', v.prefix).where('kind', '=', 'teacher')
    if (v.name !== undefined) q = q.where('name', '=', v.name)
    return q.orderBy('account').limit(v.limit)
  })

  it('binds new values on each run, keeps literal values, and compiles each set of given values apart', async () => {
    expect((await byName(conn.db, { prefix: '%a%', limit: 10 })).map((r) => r.account)).toEqual(['amy', 'cat', 'dan'])
    expect((await byName(conn.db, { prefix: '%a%', limit: 2 })).map((r) => r.account)).toEqual(['amy', 'cat'])
    expect((await byName(conn.db, { prefix: 'b%', limit: 10 })).map((r) => r.account)).toEqual(['ben'])
    expect((await byName(conn.db, { prefix: '%', name: 'CAT', limit: 10 })).map((r) => r.account)).toEqual(['cat'])
    expect((await byName(conn.db, { prefix: '%', name: undefined, limit: 10 })).map((r) => r.account)).toEqual(['amy', 'ben', 'cat', 'dan'])
  })

  it('refuses a value that does not reach the SQL as a parameter', async () => {
    const bad = prepared((db, v: { account: string }) => db.selectFrom('users').select('id').where('account', '=', v.account.toUpperCase()))
    await expect(bad(conn.db, { account: 'amy' })).rejects.toThrow(/account did not reach the SQL/)
    const unused = prepared((db, _v: { account: string }) => db.selectFrom('users').select('id'))
    await expect(unused(conn.db, { account: 'amy' })).rejects.toThrow(/account did not reach the SQL/)
  })

  it('reads a subquery as a JSON array in its order, empty as []', async () => {
    const rows = await conn.db
      .selectFrom('users as u')
      .select((eb) => ['u.account', jsonArrayFrom(conn.db, eb.selectFrom('users as o').select(['o.account', 'o.name']).where('o.account', '<>', sql.ref<string>('u.account')).where('o.account', '<', 'c').orderBy('o.account', 'desc')).as('others')])
      .where('u.account', 'in', ['amy', 'dan'])
      .orderBy('u.account')
      .execute()
    expect(rows.map((r) => ({ account: r.account, others: fromJson(r.others) }))).toEqual([
      { account: 'amy', others: [{ account: 'ben', name: null }] },
      { account: 'dan', others: [{ account: 'ben', name: null }, { account: 'amy', name: 'AMY' }] },
    ])
    const none = await conn.db.selectFrom('users as u').select((eb) => jsonArrayFrom(conn.db, eb.selectFrom('users as o').select('o.id').where('o.id', '<', 0)).as('x')).limit(1).execute()
    expect(fromJson(none[0].x)).toEqual([])
  })
})

describe('prepared queries on postgres', () => {
  let conn: Awaited<ReturnType<typeof freshDatabase>>
  beforeAll(async () => {
    conn = await freshDatabase('postgres')
  })
  afterAll(() => conn.close())

  it('run as a named statement that each connection prepares once', async () => {
    const plans = prepared((db, v: { code: string }) => db.selectFrom('plans').select('id').where('code', '=', v.code))
    const named = (db: typeof conn.db) => sql<{ name: string }>`select name from pg_prepared_statements`.execute(db).then((r) => r.rows.map((x) => x.name).filter((n) => n.startsWith('prepared_')))
    const [before, first, second] = await conn.db.connection().execute(async (one) => {
      const none = await named(one)
      await plans(one, { code: 'free' })
      const once = await named(one)
      await plans(one, { code: 'standard' })
      return [none, once, await named(one)]
    })
    expect(before).toEqual([])
    expect(first).toHaveLength(1)
    expect(second).toEqual(first)
  })
})
