// Starts what the browser tests run against: a real SMTP peer that stores every mail it receives in
// MAIL_DIR, and the built app server (on a fresh data folder) that sends through it.
import { spawn } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { startSmtp } from '../../tests/support/smtp'

const mailDir = process.env.MAIL_DIR!
mkdirSync(mailDir, { recursive: true })
let seq = 0
const smtp = await startSmtp({
  port: Number(process.env.SMTP_PORT),
  onMail: (mail) => writeFileSync(path.join(mailDir, `${Date.now()}-${++seq}-${mail.to.join(',')}.eml`), mail.raw),
})
const app = spawn(process.execPath, ['--import', 'tsx', 'server.ts'], {
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: 'production', SMTP_URL: smtp.url },
})
const stop = () => {
  app.kill('SIGTERM')
  void smtp.close()
}
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
app.on('exit', (code) => process.exit(code ?? 0))
