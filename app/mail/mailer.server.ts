import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import nodemailer from 'nodemailer'

export interface Mail {
  to: string
  subject: string
  text: string
}
export interface Mailer {
  send(mail: Mail): Promise<void>
}

/**
 * SMTP when a URL is configured; otherwise every mail is written as an .eml file into the outbox
 * folder, where a developer reads it (no mail leaves the machine).
 */
export function createMailer(options: { smtpUrl?: string; outboxDir: string; from: string }): Mailer {
  // Quoted-printable keeps ASCII (a code, a link) readable in the raw mail, in every language.
  const defaults = { from: options.from, textEncoding: 'quoted-printable' as const }
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl)
    return {
      async send(mail) {
        await transport.sendMail({ ...defaults, ...mail })
      },
    }
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  return {
    async send(mail) {
      const info = await transport.sendMail({ ...defaults, ...mail })
      mkdirSync(options.outboxDir, { recursive: true })
      const safeTo = mail.to.replace(/[^a-z0-9@._-]/gi, '_')
      writeFileSync(path.join(options.outboxDir, `${Date.now()}-${safeTo}.eml`), info.message as Buffer)
    },
  }
}
