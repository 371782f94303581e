import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AUTH_CODES } from '~/features/auth/codes'
import { BIND_RESULT, bindIdentity, bindingsOf, registerThirdParty, userByIdentity } from '~/features/auth/third-party.server'
import { DIALECTS, freshDatabase } from '../support/db'
import { accountsFor } from '../support/people'

const profile = (subject: string, email: string | null, emailVerified = true) => ({ subject, email, emailVerified, name: 'Pat Provider', picture: null })

describe.each(DIALECTS)('third-party accounts on %s', (dialect) => {
  let conn: Awaited<ReturnType<typeof freshDatabase>>
  const ids: Record<string, number> = {}
  beforeAll(async () => {
    conn = await freshDatabase(dialect)
    Object.assign(ids, await accountsFor(conn.db, ['one@school.test', 'two@school.test']))
  })
  afterAll(() => conn.close())

  it('registers a new teacher from a verified profile, without a password; -010200 when the e-mail has an account', async () => {
    const made = await registerThirdParty(conn.db, 'google', profile('g-new', 'new@school.test'), 'ja')
    expect(made.code).toBe(AUTH_CODES.registered)
    const id = (made as { userId: number }).userId
    const user = await conn.db.selectFrom('users').select(['account', 'email', 'email_verified', 'name', 'locale', 'info_set']).where('id', '=', id).executeTakeFirstOrThrow()
    expect(user).toEqual({ account: 'new@school.test', email: 'new@school.test', email_verified: 1, name: 'Pat Provider', locale: 'ja', info_set: 0 })
    expect(await conn.db.selectFrom('credentials').select('user_id').where('user_id', '=', id).execute()).toEqual([])
    expect(await userByIdentity(conn.db, 'google', 'g-new')).toBe(id)
    expect(await registerThirdParty(conn.db, 'openid', profile('e-1', 'one@school.test'), 'en')).toEqual({ code: AUTH_CODES.emailHasAccount })
    // An unverified address is kept, not verified.
    const unverified = await registerThirdParty(conn.db, 'openid', profile('e-2', 'maybe@school.test', false), 'en')
    const row = await conn.db.selectFrom('users').select('email_verified').where('id', '=', (unverified as { userId: number }).userId).executeTakeFirstOrThrow()
    expect(row.email_verified).toBe(0)
  })

  it('binds: 1 once (again 1), -2 for a subject of another account or a second subject of one provider', async () => {
    const one = ids['one@school.test']
    const two = ids['two@school.test']
    expect(await bindIdentity(conn.db, one, 'openid', profile('e-one', 'one@school.test'))).toBe(BIND_RESULT.ok)
    expect(await bindIdentity(conn.db, one, 'openid', profile('e-one', 'one@school.test'))).toBe(BIND_RESULT.ok)
    expect(await bindIdentity(conn.db, two, 'openid', profile('e-one', 'one@school.test'))).toBe(BIND_RESULT.duplicate)
    expect(await bindIdentity(conn.db, one, 'openid', profile('e-other', null))).toBe(BIND_RESULT.duplicate)
    expect(await bindingsOf(conn.db, one)).toEqual({ google: false, openid: true })
  })

  it('two accounts binding one subject at once: exactly one gets it', async () => {
    const results = await Promise.all([
      bindIdentity(conn.db, ids['one@school.test'], 'google', profile('g-race', null)),
      bindIdentity(conn.db, ids['two@school.test'], 'google', profile('g-race', null)),
    ])
    expect(results.filter((r) => r === BIND_RESULT.ok)).toHaveLength(1)
    expect(results.filter((r) => r === BIND_RESULT.duplicate)).toHaveLength(1)
    expect(await conn.db.selectFrom('user_identities').select('user_id').where('subject', '=', 'g-race').execute()).toHaveLength(1)
  })
})
