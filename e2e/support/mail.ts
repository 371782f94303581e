import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

/** Every mail the worker's SMTP peer has received for an address, oldest first (file names). */
export function mailFilesTo(address: string) {
  const dir = process.env.MAIL_DIR!
  return existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(`-${address}.eml`)).sort() : []
}

/** The newest mail the test SMTP peer received for an address, as raw text. */
export async function latestMailTo(address: string, timeoutMs = 10_000): Promise<string> {
  const dir = process.env.MAIL_DIR!
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const files = mailFilesTo(address)
    if (files.length) return readFileSync(path.join(dir, files[files.length - 1]), 'utf8')
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`no mail for ${address}`)
}

/** The 6-digit code in a verification mail. */
export function codeIn(mail: string) {
  const subject = mail.match(/^Subject: .*?(\d{6})/m)
  if (subject) return subject[1]
  const body = mail.match(/\b(\d{6})\b/)
  if (!body) throw new Error('no code in mail')
  return body[1]
}

/** The password-reset link in a mail (quoted-printable soft breaks joined). */
export function resetLinkIn(mail: string) {
  const match = mail.replace(/=\r?\n/g, '').match(/https?:\/\/[^\s]+\/pwd\/reset\/[A-Za-z0-9_-]+/)
  if (!match) throw new Error('no reset link in mail')
  return new URL(match[0]).pathname
}
