import { connection } from './db/db.server'
import { oneProcessAtATime } from './db/lock.server'
import { migrate } from './db/migrate.server'
import { DEMO_LOGINS, DEMO_PASSWORD, demoSeeded, seedDemo, seedReferenceData } from './seed/demo.server'
import { env } from './env.server'
import { giveTeacherCodes } from './features/journals/insert.server'
import { sweepUnusedPictures } from './features/posts/pictures.server'
import { mailer, OUTBOX_DIR } from './mail/mail.server'
import { startJobs } from './jobs.server'
import { EXPORTS_DIR } from './features/privacy/runner.server'
import { assignPostTopics } from './features/topics/backfill.server'

/** The demo seed alone (in a process of its own, see server.ts): migrate, reference data, and the demo on an empty database. */
export async function seedDemoOnly() {
  await migrate(connection)
  await seedReferenceData(connection.db)
  if (await seedDemo(connection.db)) await assignPostTopics(connection.db)
}

/**
 * Run once when the server starts: migrate, seed reference data and, on an empty database, the demo
 * (by `seedElsewhere`, a process of its own, where the server gives one); sweep unused pictures;
 * start the background jobs. On PostgreSQL one process at a time prepares the database.
 */
export async function startup(seedElsewhere?: () => Promise<void>) {
  // Processes started together on one PostgreSQL database (a deployment) prepare it in turn: on a
  // new database the second found the reference data half written by the first and stopped on a
  // duplicate key (decision 0050); now it finds the database ready.
  const seeded = await oneProcessAtATime(connection, 'startup', async () => {
    await migrate(connection)
    await seedReferenceData(connection.db)
    const seeded = env.SEED_DEMO === '1' && !(await demoSeeded(connection.db))
    if (seeded) await (seedElsewhere ? seedElsewhere() : seedDemo(connection.db))
    await sweepUnusedPictures(connection.db)
    await giveTeacherCodes(connection.db)
    return seeded
  })
  // The batched migration of the posts' topics (0032), in the background: the demo's were read in
  // the seed's own process; posts of a database of its own, or of a seed in this process (tests),
  // are read while the server answers (and by the minute's tick).
  assignPostTopics(connection.db, { log: true }).catch((error: unknown) => console.error('topics backfill failed', error instanceof Error ? error.message : error))
  // Digests at the journals' hours and the daily clean-up (decision 0037).
  await startJobs(connection, { databaseUrl: env.DATABASE_URL, mailer, origin: env.PUBLIC_ORIGIN, exportsDir: EXPORTS_DIR })
  const lines = [`database: ${connection.dialect}${connection.dialect === 'sqlite' ? ` (${env.DATA_DIR}/app.db)` : ''}`]
  if (env.SEED_DEMO === '1') {
    lines.push(seeded ? 'demo school seeded. Demo logins (password ' + DEMO_PASSWORD + '):' : `demo logins (password ${DEMO_PASSWORD}):`)
    for (const l of DEMO_LOGINS) lines.push(`  ${l.account.padEnd(44)} ${l.what}`)
  }
  if (!env.SMTP_URL) lines.push(`mail: no SMTP_URL, mails are written to ${OUTBOX_DIR}`)
  return lines
}
