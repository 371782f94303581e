import type { DB } from '~/db/connect.server'
import { translatorOf } from '~/i18n/middleware.server'
import type { Mailer } from '~/mail/mailer.server'
import type { DigestTold } from './digests.server'

export interface DigestMail {
  userId: number
  lines: { msgKey: string; params: Record<string, string | number>; link: string }[]
}

/** The digests just told, gathered per teacher who asked for them by e-mail (a verified address). */
export async function digestMailsOf(db: DB, told: DigestTold[]): Promise<DigestMail[]> {
  const readers = [...new Set(told.flatMap((d) => d.readers))]
  if (readers.length === 0) return []
  const wanting = await db.selectFrom('users').select('id').where('id', 'in', readers).where('digest_mail', '=', 1).where('email_verified', '=', 1).where('email', 'is not', null).execute()
  return wanting.map((u) => ({ userId: u.id, lines: told.filter((d) => d.readers.includes(u.id)).map(({ msgKey, params, link }) => ({ msgKey, params, link })) }))
}

/** One teacher's digest mail, in their language, every link from PUBLIC_URL (never a request's Host). */
export async function sendDigestMail(db: DB, mailer: Mailer, origin: string, mail: DigestMail) {
  const user = await db.selectFrom('users').select(['email', 'locale', 'name', 'account', 'digest_mail']).where('id', '=', mail.userId).executeTakeFirst()
  if (!user?.email || user.digest_mail !== 1) return
  const t = translatorOf(user.locale) as unknown as (key: string, values?: Record<string, string | number>) => string
  const text = [
    t('notification.mailIntro', { name: user.name ?? user.account }),
    '',
    ...mail.lines.flatMap((l) => [`- ${t(l.msgKey, l.params)}`, `  ${origin}${l.link}`]),
    '',
    t('notification.mailOutro', { link: `${origin}/notification` }),
    t('notification.mailSetting'),
  ].join('\n')
  await mailer.send({ to: user.email, subject: t('notification.mailSubject'), text })
}
