import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerWithPassword } from '~/features/auth/accounts.server'
import { INVITE_MAIL_LIMITS } from '~/features/journals/constants'
import { takeInvitationMail } from '~/features/journals/invitation.server'
import { createJournal } from '~/features/journals/settings.server'
import { DIALECTS, freshDatabase } from '../support/db'

describe.each(DIALECTS)('invitation mail limits on %s', (dialect) => {
  let conn: Awaited<ReturnType<typeof freshDatabase>>
  let owner = 0
  const journals: number[] = []
  beforeAll(async () => {
    conn = await freshDatabase(dialect)
    owner = ((await registerWithPassword(conn.db, { account: 'inviter@school.test', password: 'secret-pass-1', locale: 'en' })) as { userId: number }).userId
    for (const name of ['A', 'B', 'C', 'D']) {
      const j = await createJournal(conn.db, { userId: owner, planLimit: 100 }, { name, labelColorCode: '1', speechLang: 'en', display: 'list', expireType: '1', studentLimit: '5', shareType: '2' })
      if (!j.ok) throw new Error('journal')
      journals.push(j.id)
    }
  })
  afterAll(() => conn.close())

  it('lets 10 of 15 sent at once from one journal go, then refuses', async () => {
    const answers = await Promise.all(Array.from({ length: 15 }, () => takeInvitationMail(conn.db, owner, journals[0])))
    expect(answers.filter(Boolean)).toHaveLength(INVITE_MAIL_LIMITS.perJournalPerHour)
    expect(await takeInvitationMail(conn.db, owner, journals[0])).toBe(false)
  })

  it('limits the sender across journals to 30 a day', async () => {
    let sent = INVITE_MAIL_LIMITS.perJournalPerHour
    for (const journal of journals.slice(1)) for (let i = 0; i < INVITE_MAIL_LIMITS.perJournalPerHour; i++) if (await takeInvitationMail(conn.db, owner, journal)) sent++
    expect(sent).toBe(INVITE_MAIL_LIMITS.perSenderPerDay)
    // An hour later the journal's limit is free again, the sender's day is not.
    await conn.db.updateTable('sent_mails').set({ created_at: new Date(Date.now() - 2 * 3_600_000).toISOString() }).where('journal_id', '=', journals[0]).execute()
    expect(await takeInvitationMail(conn.db, owner, journals[0])).toBe(false)
  })
})
