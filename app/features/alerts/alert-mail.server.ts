import type { DB } from '~/db/connect.server'
import { translatorOf } from '~/i18n/middleware.server'
import type { Mailer } from '~/mail/mailer.server'

/** A mail to tell someone at once (escalated to them, or overdue in their journal); the words of the post stay in the console. */
export interface AlertMail {
  userId: number
  msgKey: 'mail.alertEscalated' | 'mail.alertOverdue' | 'mail.alertNoted'
  params: Record<string, string | number>
  link: string
}

/**
 * An alert mail (decision 0046): sent at once, whatever the digest setting, to an address the person
 * verified. It names the journal, the most serious concern and the severity (decision 0059), never the
 * student or their words: those stay behind the console's sign-in.
 */
export async function sendAlertMail(db: DB, mailer: Mailer, origin: string, mail: AlertMail) {
  const user = await db.selectFrom('users').select(['email', 'email_verified', 'locale', 'name', 'account']).where('id', '=', mail.userId).executeTakeFirst()
  if (!user?.email || user.email_verified !== 1) return false
  const t = translatorOf(user.locale) as unknown as (key: string, values?: Record<string, string | number>) => string
  const severity = t(`alerts.severity_${mail.params.severity}`)
  // The most serious concern leads (decision 0059); a mail queued before it was named says "worrying content".
  const concern = t(String(mail.params.concern ?? 'alerts.rule_words'))
  const text = [t('mail.alertHello', { name: user.name ?? user.account }), '', t(mail.msgKey, { ...mail.params, severity, concern }), `${origin}${mail.link}`, '', t('mail.alertPrivacy')].join('\n')
  await mailer.send({ to: user.email, subject: t('mail.alertSubject', { severity, concern }), text })
  return true
}

/** Sends the mails an escalation asks for, after it is saved: a failure is logged, never the escalation's. */
export async function sendAlertMails(mails: AlertMail[], send: (mail: AlertMail) => Promise<unknown>) {
  for (const mail of mails) {
    try {
      await send(mail)
    } catch (error) {
      console.error('alert mail failed', error instanceof Error ? error.message : error)
    }
  }
}
