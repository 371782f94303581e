import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerWithPassword, verifyLogin } from '~/features/auth/accounts.server'
import { FORGOT, requestPasswordReset, resetCodeIsValid, resetPassword } from '~/features/auth/password-reset.server'
import { createMailer } from '~/mail/mailer.server'
import { DIALECTS, freshDatabase } from '../support/db'
import { startSmtp } from '../support/smtp'

const link = (code: string) => `http://console.test/pwd/reset/${code}`
const mail = (url: string, locale: string) => ({ subject: `Reset (${locale})`, text: `Open ${url}` })
const codeIn = (raw: string) => raw.replace(/=\r?\n/g, '').match(/\/pwd\/reset\/([A-Za-z0-9_-]+)/)![1]

describe.each(DIALECTS)('password reset on %s, through a real SMTP peer', (dialect) => {
  let conn: Awaited<ReturnType<typeof freshDatabase>>
  let smtp: Awaited<ReturnType<typeof startSmtp>>
  let mailer: ReturnType<typeof createMailer>
  let userId: number
  beforeAll(async () => {
    conn = await freshDatabase(dialect)
    smtp = await startSmtp()
    mailer = createMailer({ smtpUrl: smtp.url, outboxDir: '/nonexistent', from: 'test@console.test' })
    const r = await registerWithPassword(conn.db, { account: 'forgetful', password: 'old-password-1', locale: 'ja' })
    if (r.code !== '01000') throw new Error('no user')
    userId = r.userId
    await conn.db.updateTable('users').set({ email: 'forgetful@school.test', email_verified: 1 }).where('id', '=', userId).execute()
  })
  afterAll(async () => {
    await smtp.close()
    await conn.close()
  })

  it('answers -2 without an e-mail and -1 for an address of no account, sending nothing', async () => {
    const before = smtp.received.length
    expect(await requestPasswordReset(conn.db, mailer, { email: ' ', link, mail })).toBe(FORGOT.required)
    expect(await requestPasswordReset(conn.db, mailer, { email: 'nobody@school.test', link, mail })).toBe(FORGOT.notLinked)
    expect(smtp.received.length).toBe(before)
    expect(await conn.db.selectFrom('password_resets').selectAll().execute()).toEqual([])
  })

  it('mails a link in the account language; the code works once, and signs out every session', async () => {
    expect(await requestPasswordReset(conn.db, mailer, { email: 'Forgetful@School.test', link, mail })).toBe(FORGOT.sent)
    const received = smtp.received.at(-1)!
    expect(received.to).toEqual(['forgetful@school.test'])
    expect(received.raw).toContain('Reset (ja)')
    const code = codeIn(received.raw)
    expect(await resetCodeIsValid(conn.db, code)).toBe(true)
    expect(await resetCodeIsValid(conn.db, code + 'x')).toBe(false)
    // Only the hash is stored.
    const stored = await conn.db.selectFrom('password_resets').select('code_hash').execute()
    expect(stored.map((r) => r.code_hash)).not.toContain(code)

    await conn.db.insertInto('sessions').values({ id: 'old-session', user_id: userId, data: '{}', expires_at: '2999-01-01T00:00:00.000Z', created_at: '2026-01-01T00:00:00.000Z' }).execute()
    // Two submissions of one code at once: exactly one succeeds.
    const results = await Promise.all([resetPassword(conn.db, code, 'new-password-1'), resetPassword(conn.db, code, 'new-password-2')])
    expect(results.filter((r) => r === userId)).toHaveLength(1)
    expect(results.filter((r) => r === null)).toHaveLength(1)
    const winner = results[0] === userId ? 'new-password-1' : 'new-password-2'
    expect(await verifyLogin(conn.db, 'forgetful', winner)).toBe(userId)
    expect(await verifyLogin(conn.db, 'forgetful', 'old-password-1')).toBeNull()
    expect(await resetCodeIsValid(conn.db, code)).toBe(false)
    expect(await conn.db.selectFrom('sessions').select('id').where('user_id', '=', userId).execute()).toEqual([])
  })

  it('refuses an expired code and sends no second mail within a minute', async () => {
    await conn.db.deleteFrom('password_resets').execute()
    await requestPasswordReset(conn.db, mailer, { email: 'forgetful@school.test', link, mail })
    const count = smtp.received.length
    expect(await requestPasswordReset(conn.db, mailer, { email: 'forgetful@school.test', link, mail })).toBe(FORGOT.sent)
    expect(smtp.received.length).toBe(count)
    const code = codeIn(smtp.received.at(-1)!.raw)
    await conn.db.updateTable('password_resets').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).execute()
    expect(await resetCodeIsValid(conn.db, code)).toBe(false)
    expect(await resetPassword(conn.db, code, 'another-pass-1')).toBeNull()
  })
})
