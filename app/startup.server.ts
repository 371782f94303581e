import { connection } from './db/db.server'
import { migrate } from './db/migrate.server'
import { DEMO_LOGINS, DEMO_PASSWORD, seedDemo, seedReferenceData } from './db/seed/demo.server'
import { env } from './env.server'
import { giveTeacherCodes } from './features/journals/insert.server'
import { sweepUnusedPictures } from './features/posts/pictures.server'
import { mailer, OUTBOX_DIR } from './mail/mail.server'
import { startJobs } from './jobs.server'
import { assignPostTopics } from './db/migrations/0032-assign-post-topics'

/** Run once when the server starts: migrate, seed reference data and, on an empty database, the demo; sweep unused pictures; start the background jobs. */
export async function startup() {
  await migrate(connection)
  await seedReferenceData(connection.db)
  const seeded = env.SEED_DEMO === '1' ? await seedDemo(connection.db) : false
  // The batched migration of the posts' topics (0032), in the background: the server answers at
  // once, and what is not read yet is counted on the Patterns page as such.
  void assignPostTopics(connection.db, { log: true }).catch((error: unknown) => console.error('topics backfill failed', error instanceof Error ? error.message : error))
  await sweepUnusedPictures(connection.db)
  await giveTeacherCodes(connection.db)
  // Digests at the journals' hours and the daily clean-up (issue 22).
  await startJobs(connection, { databaseUrl: env.DATABASE_URL, mailer, origin: env.PUBLIC_ORIGIN })
  const lines = [`database: ${connection.dialect}${connection.dialect === 'sqlite' ? ` (${env.DATA_DIR}/app.db)` : ''}`]
  if (env.SEED_DEMO === '1') {
    lines.push(seeded ? 'demo school seeded. Demo logins (password ' + DEMO_PASSWORD + '):' : `demo logins (password ${DEMO_PASSWORD}):`)
    for (const l of DEMO_LOGINS) lines.push(`  ${l.account.padEnd(44)} ${l.what}`)
  }
  if (!env.SMTP_URL) lines.push(`mail: no SMTP_URL, mails are written to ${OUTBOX_DIR}`)
  return lines
}
