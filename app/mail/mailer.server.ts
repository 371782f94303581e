import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { Transporter } from 'nodemailer'

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
  // nodemailer (about 12 MB in memory) is loaded at the first mail, not at start-up.
  let transporter: Promise<Transporter> | undefined
  const transport = () =>
    (transporter ??= import('nodemailer').then(({ default: nodemailer }) =>
      options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
    ))
  if (options.smtpUrl) {
    return {
      async send(mail) {
        await (await transport()).sendMail({ ...defaults, ...mail })
      },
    }
  }
  return {
    async send(mail) {
      const info = await (await transport()).sendMail({ ...defaults, ...mail })
      mkdirSync(options.outboxDir, { recursive: true })
      const safeTo = mail.to.replace(/[^a-z0-9@._-]/gi, '_')
      writeFileSync(path.join(options.outboxDir, `${Date.now()}-${safeTo}.eml`), info.message as Buffer)
    },
  }
}
