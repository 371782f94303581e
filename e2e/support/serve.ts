// Starts what the browser tests run against: a real SMTP peer that stores every mail it receives in
// MAIL_DIR, and the built app server (on a fresh data folder) that sends through it.
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { startOidcProvider } from '../../tests/support/oidc'
import { startSmtp } from '../../tests/support/smtp'
import { startClassroomServer, type LocalCourse } from '../../tests/support/classroom-server'

const mailDir = process.env.MAIL_DIR!
mkdirSync(mailDir, { recursive: true })
let seq = 0
const smtp = await startSmtp({
  port: Number(process.env.SMTP_PORT),
  onMail: (mail) => writeFileSync(path.join(mailDir, `${Date.now()}-${++seq}-${mail.to.join(',')}.eml`), mail.raw),
})
// One local provider plays both Google and the education cloud, with a client for each.
const appUrl = `http://localhost:${process.env.PORT}`
const oidc = await startOidcProvider({
  port: Number(process.env.OIDC_PORT),
  clients: [
    { clientId: 'google-client', clientSecret: 'google-secret', redirectUris: [`${appUrl}/oauth/login/google/redirect`] },
    // The education cloud returns to /login/redirect (OPENID_REDIRECT_PATH below): both callbacks are exercised.
    { clientId: 'edu-client', clientSecret: 'edu-secret', redirectUris: [`${appUrl}/login/redirect`] },
  ],
})
// A local Google Classroom API (decision 0077): the bearer token's owner is who the local provider's
// userinfo says; each teacher's courses are what the journey wrote into classroom.json (by subject).
const coursesFile = path.join(process.env.E2E_WORKER_DIR!, 'classroom.json')
const classroom = await startClassroomServer({
  whoIs: async (token) => {
    const answer = await fetch(`${oidc.issuer}/me`, { headers: { Authorization: `Bearer ${token}` } })
    return answer.ok ? ((await answer.json()) as { sub: string }).sub : null
  },
  coursesOf: (subject) => (existsSync(coursesFile) ? ((JSON.parse(readFileSync(coursesFile, 'utf8')) as Record<string, LocalCourse[]>)[subject] ?? []) : []),
})
// The built server, as `npm start` runs it (plain node: no TypeScript loader in the process).
const app = spawn(process.execPath, ['build/server.js'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'production',
    SMTP_URL: smtp.url,
    GOOGLE_ISSUER: oidc.issuer,
    GOOGLE_CLIENT_ID: 'google-client',
    GOOGLE_CLIENT_SECRET: 'google-secret',
    OPENID_ISSUER: oidc.issuer,
    OPENID_CLIENT_ID: 'edu-client',
    OPENID_CLIENT_SECRET: 'edu-secret',
    OPENID_REDIRECT_PATH: '/login/redirect',
    CLASSROOM_API_URL: classroom.url,
  },
})
// The app's process id, for the test that watches its memory (e2e/security.spec.ts).
if (app.pid) writeFileSync(path.join(process.env.E2E_WORKER_DIR!, 'app.pid'), String(app.pid))
const stop = () => {
  app.kill('SIGTERM')
  void smtp.close()
  void oidc.close()
  void classroom.close()
}
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
app.on('exit', (code) => process.exit(code ?? 0))
