import type { Connection } from './db/connect.server'
import { oneProcessAtATime } from './db/lock.server'
import type { Mailer } from './mail/mailer.server'
import { digestMailsOf, sendDigestMail, type DigestMail } from './features/digests/digest-mail.server'
import { runDueDigests, runRetention } from './features/digests/digests.server'
import { runOverdueAlerts } from './features/alerts/escalate.server'
import { sendAlertMail, type AlertMail } from './features/alerts/alert-mail.server'
import { runDueErasures } from './features/privacy/erase.server'
import { runRetentionDuties } from './features/privacy/retention.server'
import { removeExpiredExports, resumeStaleExports } from './features/privacy/export.server'
import { claimSlot, wallClock } from './features/jobs/slots.server'
import { runNightlyRosterPulls } from './features/roster/rest.server'
import { sealingKey } from './features/roster/secret.server'
import { env } from './env.server'
import { translatorOf } from './i18n/middleware.server'
import { assignPendingTopics } from './features/topics/assign.server'
import { sweepUnusedPictures } from './features/posts/pictures.server'

/**
 * The background work (decision 0037): every minute, the digests due at this hour in each
 * journal's zone and the daily clean-up; then each digest's e-mails.
 *
 * PostgreSQL: pg-boss. Its cron schedule makes one `tick` a minute however many app processes run,
 * and each e-mail is a job of its own, retried when the mail server fails. SQLite (one server
 * process): a timer runs the same tick and sends the e-mails in turn. Either way a slot is claimed
 * in the database before it runs (job_slots), so it runs once even across a restart.
 */
const TICK = 'tick'
const DIGEST_MAIL = 'digest-mail'
const ALERT_MAIL = 'alert-mail'
const TICK_MS = 60_000

interface Queue {
  digest(mail: DigestMail): Promise<unknown>
  alert(mail: AlertMail): Promise<unknown>
}

/** Posts whose topics a tick reads (decision 0049): those written by seeds, imports or fixtures, at most this many a minute. */
const TOPICS_PER_TICK = 500

/** One tick: alerts nobody opened, children's data duties, the digests due at `at` (each slot claimed once), the daily clean-up, then the mails. */
export async function tick(connection: Connection, queue: Queue, exportsDir: string, at = new Date()) {
  // Alerts nobody opened in time first (decision 0046): each claimed once, its people told at once.
  for (const mail of await runOverdueAlerts(connection.db, at)) await queue.alert(mail)
  // Children's data (decision 0047): erasures whose 30 days are over (each claimed once), exports whose
  // process stopped (taken over), and once a day the expired exports' files.
  await runDueErasures(connection.db, exportsDir, at)
  await resumeStaleExports(connection.db, exportsDir, translatorOf)
  if (await claimSlot(connection.db, `exports-expired:${at.toISOString().slice(0, 10)}`, at)) await removeExpiredExports(connection.db, exportsDir, at)
  // Retention, the daily job: each team's notice 30 days before, then the deletion it announced.
  if (await claimSlot(connection.db, `retention-duty:${at.toISOString().slice(0, 10)}`, at)) await runRetentionDuties(connection.db, at)
  // Pictures kept for a refused form and never sent again, once an hour: a server that runs for
  // weeks without a restart no longer keeps them.
  if (await claimSlot(connection.db, `pictures-unused:${at.toISOString().slice(0, 13)}`, at)) await sweepUnusedPictures(connection.db, at)
  // Rosters from the schools' OneRoster services (decision 0076): each marked nightly, at 02:00 in its
  // school's zone, once (its slot claimed); a failed pull changes nothing and keeps its reason.
  await runNightlyRosterPulls(connection.db, sealingKey(env.SESSION_SECRET), at, (slot) => claimSlot(connection.db, slot, at), wallClock).catch((error: unknown) => console.error('roster pull failed', error instanceof Error ? error.message : error))
  // On PostgreSQL the claims and digests are one transaction, and two ticks at once (two processes,
  // the schedule and a retry) run one after the other: the first tells everything due, so each
  // teacher gets one mail, never one hour's digests split over two (decision 0050); the second finds the
  // slots taken. A process that dies mid-tick rolls its claims back. SQLite: one process, one timer.
  const told = await oneProcessAtATime(connection, 'digest-tick', async (db) => {
    const told = await runDueDigests(db, at)
    await runRetention(db, at)
    return told
  })
  await assignPendingTopics(connection.db, TOPICS_PER_TICK).catch((error: unknown) => console.error('topics of posts failed', error instanceof Error ? error.message : error))
  // The mails once the digests are saved.
  for (const mail of await digestMailsOf(connection.db, told)) await queue.digest(mail)
}

export interface JobOptions {
  /** PostgreSQL's address, for the queue's own connections. */
  databaseUrl?: string
  mailer: Mailer
  /** PUBLIC_URL's origin: every link in a mail. */
  origin: string
  /** Where a student's export zips are kept (DATA_DIR/exports). */
  exportsDir: string
}

export async function startJobs(connection: Connection, options: JobOptions): Promise<{ stop(): Promise<void> }> {
  const send = (mail: DigestMail) => sendDigestMail(connection.db, options.mailer, options.origin, mail)
  const sendAlert = (mail: AlertMail) => sendAlertMail(connection.db, options.mailer, options.origin, mail)
  const logged = (what: string) => (error: unknown) => console.error(`${what} failed`, error instanceof Error ? error.message : error)
  if (connection.dialect === 'postgres' && options.databaseUrl) {
    // Loaded only where the queue runs on PostgreSQL.
    const { default: PgBoss } = await import('pg-boss')
    const boss = new PgBoss({ connectionString: options.databaseUrl, schema: 'pgboss', max: 2 })
    boss.on('error', logged('job queue'))
    // Processes started together (a deployment) set the queue up one after the other: pg-boss makes
    // each queue's table when it is first created, and two processes doing so at once on a new
    // database deadlocked, which ended one of them (decision 0050).
    await oneProcessAtATime(connection, 'job-queue-setup', async () => {
      await boss.start()
      await boss.createQueue(TICK)
      await boss.createQueue(DIGEST_MAIL)
      await boss.createQueue(ALERT_MAIL)
      await boss.schedule(TICK, '* * * * *')
    })
    const retried = { retryLimit: 5, retryDelay: 60, retryBackoff: true }
    await boss.work(TICK, async () => tick(connection, { digest: (mail) => boss.send(DIGEST_MAIL, mail, retried), alert: (mail) => boss.send(ALERT_MAIL, mail, retried) }, options.exportsDir))
    await boss.work<DigestMail>(DIGEST_MAIL, async ([job]) => send(job.data))
    await boss.work<AlertMail>(ALERT_MAIL, async ([job]) => sendAlert(job.data))
    return { stop: () => boss.stop({ graceful: true, timeout: 5000 }) }
  }
  const run = () => tick(connection, { digest: (mail) => send(mail).catch(logged('digest mail')), alert: (mail) => sendAlert(mail).catch(logged('alert mail')) }, options.exportsDir).catch(logged('scheduled tick'))
  void run()
  const timer = setInterval(run, TICK_MS)
  timer.unref()
  return { stop: async () => clearInterval(timer) }
}
