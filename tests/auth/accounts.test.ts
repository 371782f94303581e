import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accountExists, registerWithPassword, verifyLogin } from '~/features/auth/accounts.server'
import { AUTH_CODES } from '~/features/auth/codes'
import { loginBlockedFor, takeLoginAttempt } from '~/features/auth/login-limit.server'
import { signInWithPassword } from '~/features/auth/password-sign-in.server'
import { loadSessionValues } from '~/features/account/session-values.server'
import { changeMode } from '~/features/account/mode.server'
import { DIALECTS, freshDatabase } from '../support/db'

describe.each(DIALECTS)('accounts on %s', (dialect) => {
  let conn: Awaited<ReturnType<typeof freshDatabase>>
  beforeAll(async () => {
    conn = await freshDatabase(dialect)
  })
  afterAll(() => conn.close())

  it('registers with 01000, stores an argon2id hash, and refuses the same account with -01001', async () => {
    const first = await registerWithPassword(conn.db, { account: 'Ms.Chen@School.test ', password: 'secret-pass-1', locale: 'ja' })
    expect(first.code).toBe(AUTH_CODES.registered)
    const cred = await conn.db.selectFrom('credentials').select('password_hash').executeTakeFirstOrThrow()
    expect(cred.password_hash).toMatch(/^\$argon2id\$/)
    expect(cred.password_hash).not.toContain('secret-pass-1')
    expect(await accountExists(conn.db, 'ms.chen@school.test')).toBe(true)
    const again = await registerWithPassword(conn.db, { account: 'MS.CHEN@school.test', password: 'other-pass-1', locale: 'en' })
    expect(again.code).toBe(AUTH_CODES.accountExists)
    const users = await conn.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
    expect(Number(users.n)).toBe(1)
  })

  it('signs in by account and password only when both match', async () => {
    const id = await verifyLogin(conn.db, ' ms.chen@school.TEST', 'secret-pass-1')
    expect(id).toBeTypeOf('number')
    expect(await verifyLogin(conn.db, 'ms.chen@school.test', 'Secret-pass-1')).toBeNull()
    expect(await verifyLogin(conn.db, 'nobody@school.test', 'secret-pass-1')).toBeNull()
  })

  it('a new account starts on the free plan, unverified, profile not set, in its sign-up language', async () => {
    const id = (await verifyLogin(conn.db, 'ms.chen@school.test', 'secret-pass-1'))!
    const values = await loadSessionValues(conn.db, id)
    expect(values).toMatchObject({ userName: 'ms.chen@school.test', locale: 'ja', mode: 'personal', teamModeAvailable: false, planName: 'free', isHomeworkLock: false, emailVerified: '0', infoSet: '0' })
    expect(values!.payfunctionMap).toEqual({ f3: 0, f4: 0, f5: 0, f6: 0, f7: 0, f8: 0, f13: 0, f24: 0 })
  })

  it('change-mode keeps a user without a team in personal mode', async () => {
    const id = (await verifyLogin(conn.db, 'ms.chen@school.test', 'secret-pass-1'))!
    expect(await changeMode(conn.db, id)).toEqual({ mode: 'personal' })
  })

  it('limits failed sign-ins per account and per address, and a success clears the account count', async () => {
    const limits = { maxFailsPerAccount: 3, maxFailsPerAddress: 5 }
    expect(await loginBlockedFor(conn.db, limits, 'a@x.test', '10.0.0.1')).toBe(0)
    const fail = (account: string, address: string) => takeLoginAttempt(conn.db, { maxFailsPerAccount: 99, maxFailsPerAddress: 99 }, account, address)
    for (let i = 0; i < 3; i++) await fail('a@x.test', '10.0.0.1')
    expect(await loginBlockedFor(conn.db, limits, 'a@x.test', '10.0.0.9')).toBeGreaterThanOrEqual(14)
    expect(await loginBlockedFor(conn.db, limits, 'b@x.test', '10.0.0.1')).toBe(0)
    for (let i = 0; i < 2; i++) await fail(`c${i}@x.test`, '10.0.0.1')
    // Five failures from one address block every account there.
    expect(await loginBlockedFor(conn.db, limits, 'b@x.test', '10.0.0.1')).toBeGreaterThan(0)
    await conn.db.deleteFrom('login_attempts').where('key', '=', 'account:a@x.test').execute()
    expect(await loginBlockedFor(conn.db, limits, 'a@x.test', '10.0.0.9')).toBe(0)
  })

  it('signs in with a password by one rule for both sides: normalised, limited, verified for its kind, recorded', async () => {
    const limits = { maxFailsPerAccount: 2, maxFailsPerAddress: 50 }
    const teacher = (await verifyLogin(conn.db, 'ms.chen@school.test', 'secret-pass-1'))!
    const as = (password: string, kind: 'teacher' | 'student' = 'teacher') => signInWithPassword(conn.db, limits, { account: ' MS.Chen@School.test', password, address: '10.0.0.2', kind })
    expect(await as('secret-pass-1')).toEqual({ ok: true, userId: teacher })
    // A teacher's account does not sign in on the student pages.
    expect(await as('secret-pass-1', 'student')).toEqual({ ok: false, error: 'wrong' })
    expect(await as('nope')).toEqual({ ok: false, error: 'wrong' })
    const blocked = await as('secret-pass-1')
    expect(blocked).toMatchObject({ ok: false, error: 'blocked' })
    await conn.db.deleteFrom('login_attempts').where('key', '=', 'account:ms.chen@school.test').execute()
    expect(await as('secret-pass-1')).toEqual({ ok: true, userId: teacher })
  })

  it('counts a burst before judging it: of 30 wrong passwords sent at once, 5 are judged, 25 refused', async () => {
    const limits = { maxFailsPerAccount: 5, maxFailsPerAddress: 1000 }
    await registerWithPassword(conn.db, { account: 'burst@school.test', password: 'secret-pass-1', locale: 'en' })
    // On PostgreSQL two pools, as two app processes would have.
    const second = (await conn.another?.()) ?? conn
    try {
      const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => signInWithPassword(i % 2 ? second.db : conn.db, limits, { account: 'burst@school.test', password: `guess-${i}`, address: `10.1.0.${i}`, kind: 'teacher' })))
      expect(answers.filter((a) => !a.ok && a.error === 'wrong')).toHaveLength(5)
      expect(answers.filter((a) => !a.ok && a.error === 'blocked')).toHaveLength(25)
      // Blocked now, even with the right password.
      expect(await signInWithPassword(conn.db, limits, { account: 'burst@school.test', password: 'secret-pass-1', address: '10.1.1.1', kind: 'teacher' })).toMatchObject({ ok: false, error: 'blocked' })
    } finally {
      if (second !== conn) await second.close()
    }
  })
})
