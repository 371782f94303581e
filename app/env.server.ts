import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { z } from 'zod'

// The only reader of process.env: everything else imports `env`.
const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().positive().default(3000),
  // The console's address as users reach it: every link in a mail is built from it, never from the
  // request's Host (decision 0031). Default http://localhost:PORT, for the demo.
  PUBLIC_URL: z.string().url().optional(),
  // Further host names the console answers to (comma-separated), besides PUBLIC_URL's and loopback.
  ALLOWED_HOSTS: z.string().default(''),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().startsWith('postgres').optional(),
  SESSION_SECRET: z.string().min(16).optional(),
  SMTP_URL: z.string().startsWith('smtp').optional(),
  MAIL_FROM: z.string().default('School Console <no-reply@school-console.local>'),
  // Seed the demo school when the database is empty (set to 0 for a clean production start).
  SEED_DEMO: z.enum(['0', '1']).default('1'),
  // Set to the number of proxies in front when deployed behind a load balancer.
  TRUST_PROXY: z.coerce.number().int().min(0).default(0),
  LOGIN_MAX_FAILS_ACCOUNT: z.coerce.number().int().positive().default(5),
  LOGIN_MAX_FAILS_ADDRESS: z.coerce.number().int().positive().default(20),
  // Comment suggestions (f24) from an OpenAI-compatible chat completions API; without AI_BASE_URL
  // the built-in rules answer (docs/decisions/0016-comment-suggestions.md).
  AI_BASE_URL: z.string().url().optional(),
  AI_API_KEY: z.string().default('none'),
  AI_MODEL: z.string().default('gpt-4o-mini'),
  AI_TIMEOUT_MS: z.coerce.number().int().positive().default(8000),
  // Third-party sign-in (OpenID Connect). A provider without a client id shows no button.
  GOOGLE_ISSUER: z.string().url().default('https://accounts.google.com'),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  // The Google Classroom API (decision 0077); the tests point it at a local one.
  CLASSROOM_API_URL: z.string().url().default('https://classroom.googleapis.com'),
  OPENID_ISSUER: z.string().url().optional(),
  OPENID_CLIENT_ID: z.string().optional(),
  OPENID_CLIENT_SECRET: z.string().optional(),
  // Where the education cloud returns: its own page, or /login/redirect if it was registered so.
  OPENID_REDIRECT_PATH: z.enum(['/oauth/login/openid/redirect', '/login/redirect']).default('/oauth/login/openid/redirect'),
})

function load() {
  const parsed = schema.parse(process.env)
  const dataDir = path.resolve(parsed.DATA_DIR)
  mkdirSync(dataDir, { recursive: true })
  const publicOrigin = new URL(parsed.PUBLIC_URL ?? `http://localhost:${parsed.PORT}`).origin
  const allowedHosts = [new URL(publicOrigin).host, ...['localhost', '127.0.0.1', '[::1]'].map((h) => `${h}:${parsed.PORT}`), ...parsed.ALLOWED_HOSTS.split(',').map((h) => h.trim().toLowerCase()).filter(Boolean)]
  return Object.freeze({ ...parsed, DATA_DIR: dataDir, SESSION_SECRET: parsed.SESSION_SECRET ?? devSecret(dataDir), PUBLIC_ORIGIN: publicOrigin, ALLOWED_HOST_LIST: [...new Set(allowedHosts)] })
}

// No secret lives in the repository: without SESSION_SECRET one is generated once into the data folder.
function devSecret(dataDir: string) {
  const file = path.join(dataDir, 'session-secret')
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600 })
  return readFileSync(file, 'utf8').trim()
}

export const env = load()
