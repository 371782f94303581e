import path from 'node:path'
import { env } from '~/env.server'
import { createMailer } from './mailer.server'

export const OUTBOX_DIR = path.join(env.DATA_DIR, 'outbox')
export const mailer = createMailer({ smtpUrl: env.SMTP_URL, outboxDir: OUTBOX_DIR, from: env.MAIL_FROM })
