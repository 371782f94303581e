// Starts what the browser tests run against: a real SMTP peer that stores every mail it receives in
// MAIL_DIR, and the built app server (on a fresh data folder) that sends through it.
import { spawn } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { SMTPServer } from 'smtp-server'

const mailDir = process.env.MAIL_DIR!
const smtpPort = Number(process.env.SMTP_PORT)
mkdirSync(mailDir, { recursive: true })
let seq = 0
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, callback) {
    const chunks: Buffer[] = []
    stream.on('data', (c: Buffer) => chunks.push(c))
    stream.on('end', () => {
      const to = session.envelope.rcptTo.map((r) => r.address).join(',')
      writeFileSync(path.join(mailDir, `${Date.now()}-${++seq}-${to}.eml`), Buffer.concat(chunks))
      callback()
    })
  },
})
smtp.listen(smtpPort, '127.0.0.1', () => {
  const app = spawn(process.execPath, ['--import', 'tsx', 'server.ts'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production', SMTP_URL: `smtp://127.0.0.1:${smtpPort}` },
  })
  const stop = () => {
    app.kill('SIGTERM')
    smtp.close()
  }
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
  app.on('exit', (code) => process.exit(code ?? 0))
})
