import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EMAIL_CODE, EMAIL_SEND } from '~/features/account/codes'
import { sendEmailCode, validateEmailCode } from '~/features/account/email-verify.server'
import { createMailer } from '~/mail/mailer.server'
import { DIALECTS, freshDatabase } from '../support/db'
import { accountsFor } from '../support/people'
import { startSmtp } from '../support/smtp'

const mail = (code: string) => ({ subject: `Your verification code: ${code}`, text: `Code: ${code}` })
const codeOf = (raw: string) => raw.match(/code: (\d{6})/)![1]

describe.each(DIALECTS)('e-mail verification on %s, through a real SMTP peer', (dialect) => {
  let conn: Awaited<ReturnType<typeof freshDatabase>>
  let smtp: Awaited<ReturnType<typeof startSmtp>>
  let mailer: ReturnType<typeof createMailer>
  const ids: number[] = []
  beforeAll(async () => {
    conn = await freshDatabase(dialect)
    smtp = await startSmtp()
    mailer = createMailer({ smtpUrl: smtp.url, outboxDir: '/nonexistent', from: 'test@console.test' })
    ids.push(...Object.values(await accountsFor(conn.db, ['one', 'two', 'three'])))
  })
  afterAll(async () => {
    await smtp.close()
    await conn.close()
  })
  const latestCode = () => codeOf(smtp.received[smtp.received.length - 1].raw)

  it('mails a code that verifies the address once', async () => {
    expect(await sendEmailCode(conn.db, mailer, { userId: ids[0], email: ' One@School.test', where: 'setup', mail })).toEqual({ returnCode: EMAIL_SEND.ok })
    expect(smtp.received.at(-1)!.to).toEqual(['one@school.test'])
    const code = latestCode()
    expect(await validateEmailCode(conn.db, { userId: ids[0], email: 'one@school.test', code: '999999' === code ? '000000' : '999999' })).toEqual({ error: EMAIL_CODE.badCode })
    expect(await validateEmailCode(conn.db, { userId: ids[0], email: 'other@school.test', code })).toEqual({ error: EMAIL_CODE.wrongEmail })
    expect(await validateEmailCode(conn.db, { userId: ids[0], email: 'one@school.test', code })).toEqual({ error: EMAIL_CODE.ok })
    const user = await conn.db.selectFrom('users').select(['email', 'email_verified']).where('id', '=', ids[0]).executeTakeFirstOrThrow()
    expect(user).toEqual({ email: 'one@school.test', email_verified: 1 })
    expect(await validateEmailCode(conn.db, { userId: ids[0], email: 'one@school.test', code })).toEqual({ error: EMAIL_CODE.badCode })
  })

  it('refuses an address verified by someone else: -1 on the setup page, -2 in settings; no mail sent', async () => {
    const before = smtp.received.length
    expect(await sendEmailCode(conn.db, mailer, { userId: ids[1], email: 'one@school.test', where: 'setup', mail })).toEqual({ returnCode: EMAIL_SEND.inUseSetup })
    expect(await sendEmailCode(conn.db, mailer, { userId: ids[1], email: 'ONE@school.test', where: 'settings', mail })).toEqual({ returnCode: EMAIL_SEND.inUseSettings })
    expect(smtp.received.length).toBe(before)
  })

  it('asks to wait a minute between codes, and only the newest code counts', async () => {
    expect((await sendEmailCode(conn.db, mailer, { userId: ids[2], email: 'three@school.test', where: 'setup', mail })).returnCode).toBe(EMAIL_SEND.ok)
    const first = latestCode()
    expect((await sendEmailCode(conn.db, mailer, { userId: ids[2], email: 'three@school.test', where: 'setup', mail })).returnCode).toBe(EMAIL_SEND.tooFast)
    await conn.db.updateTable('email_codes').set({ created_at: new Date(Date.now() - 120_000).toISOString() }).execute()
    expect((await sendEmailCode(conn.db, mailer, { userId: ids[2], email: 'three@school.test', where: 'setup', mail })).returnCode).toBe(EMAIL_SEND.ok)
    const second = latestCode()
    if (first !== second) expect((await validateEmailCode(conn.db, { userId: ids[2], email: 'three@school.test', code: first })).error).toBe(EMAIL_CODE.badCode)
    expect((await validateEmailCode(conn.db, { userId: ids[2], email: 'three@school.test', code: second })).error).toBe(EMAIL_CODE.ok)
  })

  it('an expired code and too many wrong tries stop the code', async () => {
    await conn.db.updateTable('email_codes').set({ created_at: new Date(Date.now() - 120_000).toISOString() }).execute()
    await sendEmailCode(conn.db, mailer, { userId: ids[1], email: 'two@school.test', where: 'setup', mail })
    const code = latestCode()
    for (let i = 0; i < 5; i++) await validateEmailCode(conn.db, { userId: ids[1], email: 'two@school.test', code: code === '123456' ? '654321' : '123456' })
    expect((await validateEmailCode(conn.db, { userId: ids[1], email: 'two@school.test', code })).error).toBe(EMAIL_CODE.badCode)
    await conn.db.updateTable('email_codes').set({ created_at: new Date(Date.now() - 120_000).toISOString(), attempts: 0, expires_at: new Date(Date.now() - 1000).toISOString() }).execute()
    expect((await validateEmailCode(conn.db, { userId: ids[1], email: 'two@school.test', code })).error).toBe(EMAIL_CODE.badCode)
    const user = await conn.db.selectFrom('users').select('email_verified').where('id', '=', ids[1]).executeTakeFirstOrThrow()
    expect(user.email_verified).toBe(0)
  })
})
