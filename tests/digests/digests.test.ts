import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { startJobs, tick } from '~/jobs.server'
import { registerWithPassword } from '~/features/auth/accounts.server'
import { acceptTeacher, teacherCodeOf } from '~/features/journals/info.server'
import { joinAsTeacher } from '~/features/journals/join.server'
import { createJournal } from '~/features/journals/settings.server'
import { digestMailsOf, sendDigestMail, type DigestMail } from '~/features/digests/digest-mail.server'
import { runDueDigests, runRetention } from '~/features/digests/digests.server'
import { wallClock } from '~/features/jobs/slots.server'
import { joinAsStudent } from '~/features/students/join.server'
import { createPost } from '~/features/students/posts.server'
import { createMailer } from '~/mail/mailer.server'
import { DIALECTS, freshDatabase } from '../support/db'
import { startSmtp } from '../support/smtp'

const DAY = 86_400_000

describe('wall clock', () => {
  it('reads the hour and date of a moment in the journal\'s zone', () => {
    expect(wallClock(new Date('2026-11-25T09:30:00Z'), 'Asia/Taipei')).toEqual({ date: '2026-11-25', hour: 17 })
    expect(wallClock(new Date('2026-11-25T20:30:00Z'), 'Asia/Tokyo')).toEqual({ date: '2026-11-26', hour: 5 })
    expect(wallClock(new Date('2026-07-01T07:00:00Z'), 'Europe/London')).toEqual({ date: '2026-07-01', hour: 8 })
  })
})

describe.each(DIALECTS)('digests and retention on %s', (dialect) => {
  let conn: Awaited<ReturnType<typeof freshDatabase>>
  const id: Record<string, number> = {}
  let journalId: number
  // The test's clock (Date only: the drivers' timers run as they are): 10:00 in Taipei, whenever the
  // suite runs. A journal's hour 0 means "no digest", so a real clock fails between 00:00 and 01:00.
  const now = new Date('2026-11-25T02:00:00Z')
  const { hour } = wallClock(now, 'Asia/Taipei')

  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'], now })
    conn = await freshDatabase(dialect)
    for (const account of ['owner', 'cot', 'amy']) {
      const r = await registerWithPassword(conn.db, { account, password: 'secret-pass-1', locale: account === 'cot' ? 'ja' : 'en' })
      if (r.code !== '01000') throw new Error('setup')
      id[account] = r.userId
    }
    // The journal's hours: this hour in Taipei for every digest (the zone of the tests' requests).
    const j = await createJournal(conn.db, { userId: id.owner, planLimit: 30 }, { name: 'Class', labelColorCode: '1', speechLang: 'en', display: 'list', expireType: '1', studentLimit: '5', shareType: '2', notifySubmit: 'on', notifySubmitTime: '8', notifyStat: 'on', notifyStatTime: '8', notifyExtreme: 'on', notifyExtremeTime: '8' })
    if (!j.ok) throw new Error('journal')
    journalId = j.id
    await conn.db.updateTable('journals').set({ notify_submit_time: hour, notify_stat_time: hour, notify_extreme_time: hour }).where('id', '=', journalId).execute()
    await joinAsTeacher(conn.db, id.cot, await teacherCodeOf(conn.db, journalId))
    await acceptTeacher(conn.db, journalId, id.cot)
    const code = (await conn.db.selectFrom('journals').select('invite_code').where('id', '=', journalId).executeTakeFirstOrThrow()).invite_code!
    await joinAsStudent(conn.db, id.amy, code)
    const post = { title: 'A day', diaryDate: now.toISOString().slice(0, 10), event: 'Rain.', emotions: ['B'], behaviour: '6', behaviourText: 'I read.' }
    for (const title of ['One', 'Two', 'Three']) await createPost(conn.db, id.amy, journalId, { ...post, title })
  })
  afterAll(async () => {
    await conn.close()
    vi.useRealTimers()
  })

  const digests = (user: string) => conn.db.selectFrom('notifications').select(['msg_key', 'params']).where('user_id', '=', id[user]).where('event_key', 'like', 'digest:%').orderBy('msg_key').execute()

  it('tells each digest once per slot, with two schedulers racing and again after a restart', async () => {
    const other = conn.another ? await conn.another() : null
    const at = new Date(now.getTime() + 1000)
    const [a, b] = await Promise.all([runDueDigests(conn.db, at), runDueDigests((other ?? conn).db, at)])
    await other?.close()
    expect([...a, ...b].map((d) => d.msgKey).sort()).toEqual(['notification.digestAlerts', 'notification.digestMood', 'notification.digestPosts'])
    for (const user of ['owner', 'cot']) {
      expect((await digests(user)).map((d) => [d.msg_key, JSON.parse(d.params)])).toEqual([
        ['notification.digestAlerts', { journal: 'Class', count: 1 }],
        ['notification.digestMood', { journal: 'Class', count: 3, negative: 100 }],
        ['notification.digestPosts', { journal: 'Class', count: 3 }],
      ])
    }
    // A restart in the same hour: the slots are taken.
    expect(await runDueDigests(conn.db, new Date(at.getTime() + 60_000))).toEqual([])
    expect(await digests('owner')).toHaveLength(3)
    // Another hour is not this journal's.
    expect(await runDueDigests(conn.db, new Date(at.getTime() + 3 * 3_600_000))).toEqual([])
  })

  it('mails the digest to a teacher who asked, in their language, with links from the public address', async () => {
    const smtp = await startSmtp()
    const mailer = createMailer({ smtpUrl: smtp.url, outboxDir: '/nonexistent', from: 'test@console.test' })
    await conn.db.updateTable('users').set({ email: 'cot@school.test', email_verified: 1, digest_mail: 1 }).where('id', '=', id.cot).execute()
    await conn.db.updateTable('users').set({ email: 'owner@school.test', email_verified: 1, digest_mail: 0 }).where('id', '=', id.owner).execute()
    const told = [{ readers: [id.owner, id.cot], msgKey: 'notification.digestPosts', params: { journal: 'Class', count: 3 }, link: `/diary/homework/${journalId}/news` }]
    const mails = await digestMailsOf(conn.db, told)
    expect(mails.map((m) => m.userId)).toEqual([id.cot])
    await sendDigestMail(conn.db, mailer, 'https://console.school.example', mails[0])
    await smtp.close()
    expect(smtp.received.map((m) => m.to)).toEqual([['cot@school.test']])
    const body = smtp.received[0].raw.replace(/=\r?\n/g, '')
    expect(body).toContain(`https://console.school.example/diary/homework/${journalId}/news`)
    expect(body).toContain('=E6=97=A5') // 日, quoted-printable: the Japanese text
  })

  it('removes read notifications older than 90 days once a day, and nothing unread', async () => {
    const old = new Date(now.getTime() - 91 * DAY).toISOString()
    const row = (key: string, created: string, read: string | null) => ({ user_id: id.owner, type: 'd' as const, event_key: key, msg_key: 'notification.studentJoined', params: '{}', link: '/diary', actor_id: null, journal_id: null, created_at: created, read_at: read })
    await conn.db.insertInto('notifications').values([row('old-read', old, old), row('old-unread', old, null), row('recent-read', new Date(now.getTime() - 10 * DAY).toISOString(), now.toISOString())]).execute()
    expect(await runRetention(conn.db, now)).toBe(1)
    expect(await runRetention(conn.db, now)).toBeNull()
    const keys = (await conn.db.selectFrom('notifications').select('event_key').where('event_key', 'in', ['old-read', 'old-unread', 'recent-read']).execute()).map((r) => r.event_key).sort()
    expect(keys).toEqual(['old-unread', 'recent-read'])
  })

  it('sweeps, once an hour, the pictures a refused form kept and no post took up after a day', async () => {
    // Five refused posts, each with its picture stored for the next try.
    const stored = (i: number, created: string) => ({ id: `00000000-0000-4000-8000-00000000000${i}`, owner_id: id.amy, content_type: 'image/webp', data: Buffer.from([i]), width: 1, height: 1, created_at: created })
    const dayAndMore = new Date(now.getTime() - DAY - 60_000).toISOString()
    await conn.db.insertInto('post_pictures').values([1, 2, 3, 4, 5].map((i) => stored(i, dayAndMore))).execute()
    await conn.db.insertInto('post_pictures').values(stored(6, now.toISOString())).execute()
    const left = async () => (await conn.db.selectFrom('post_pictures').select('id').where('owner_id', '=', id.amy).execute()).map((p) => p.id.slice(-1)).sort()
    const queue = { digest: async () => undefined, alert: async () => undefined }
    const later = new Date(now.getTime() + 3 * 60_000)
    await tick(conn, queue, '/nonexistent/exports', later)
    expect(await left()).toEqual(['6'])
  })
})

describe('two ticks at once on PostgreSQL (two processes, or the schedule and a retry)', () => {
  it('run one after the other: the first tells every digest due, so each teacher gets one mail with all of them', async () => {
    const now = new Date('2026-11-25T02:00:00Z')
    vi.useFakeTimers({ toFake: ['Date'], now })
    const conn = await freshDatabase('postgres')
    const other = await conn.another!()
    try {
      const owner = await registerWithPassword(conn.db, { account: 'owner@school.test', password: 'secret-pass-1', locale: 'en' })
      const amy = await registerWithPassword(conn.db, { account: 'amy', password: 'secret-pass-1', locale: 'en' })
      if (owner.code !== '01000' || amy.code !== '01000') throw new Error('setup')
      await conn.db.updateTable('users').set({ email_verified: 1, digest_mail: 1 }).where('id', '=', owner.userId).execute()
      const { hour } = wallClock(now, 'Asia/Taipei')
      // Two journals with digests at this hour: five slots for the two ticks to share out.
      for (const name of ['501', '502']) {
        const j = await createJournal(conn.db, { userId: owner.userId, planLimit: 30 }, { name, labelColorCode: '1', speechLang: 'en', display: 'list', expireType: '1', studentLimit: '5', shareType: '2', notifySubmit: 'on', notifySubmitTime: '8', notifyStat: 'on', notifyStatTime: '8', notifyExtreme: 'on', notifyExtremeTime: '8' })
        if (!j.ok) throw new Error('journal')
        await conn.db.updateTable('journals').set({ notify_submit_time: hour, notify_stat_time: hour, notify_extreme_time: hour }).where('id', '=', j.id).execute()
        await joinAsStudent(conn.db, amy.userId, (await conn.db.selectFrom('journals').select('invite_code').where('id', '=', j.id).executeTakeFirstOrThrow()).invite_code!)
        await createPost(conn.db, amy.userId, j.id, { title: 'A day', diaryDate: now.toISOString().slice(0, 10), event: 'Rain.', emotions: ['B'], behaviour: '6', behaviourText: 'I read.' })
      }
      const queued: DigestMail[][] = [[], []]
      const at = new Date(now.getTime() + 1000)
      const queue = (i: number) => ({ digest: async (m: DigestMail) => queued[i].push(m), alert: async () => undefined })
      await Promise.all([tick(conn, queue(0), '/nonexistent/exports', at), tick(other, queue(1), '/nonexistent/exports', at)])
      const mails = queued.flat()
      expect(mails).toHaveLength(1)
      expect(mails[0].lines.map((l) => l.msgKey).sort()).toEqual(['notification.digestMood', 'notification.digestMood', 'notification.digestPosts', 'notification.digestPosts'])
    } finally {
      await other.close()
      await conn.close()
      vi.useRealTimers()
    }
  })
})

describe.each(DIALECTS)('the background jobs on %s', (dialect) => {
  it('start and stop: a tick runs at start on SQLite; on PostgreSQL two processes started at once share one pg-boss schedule', async () => {
    const conn = await freshDatabase(dialect)
    const mailer = createMailer({ outboxDir: '/nonexistent', from: 'test@console.test' })
    const options = { databaseUrl: conn.url, mailer, origin: 'http://localhost', exportsDir: '/nonexistent/exports' }
    if (dialect === 'postgres') {
      // Two processes starting at once on a new database (a deployment): each makes the queues.
      const other = await conn.another!()
      const jobs = await Promise.all([startJobs(conn, options), startJobs(other, options)])
      const { rows } = await sql<{ name: string; cron: string }>`select name, cron from pgboss.schedule`.execute(conn.db)
      expect(rows).toEqual([{ name: 'tick', cron: '* * * * *' }])
      for (const j of jobs) await j.stop()
      await other.close()
    } else {
      const jobs = [await startJobs(conn, options)]
      // The day's clean-ups, each claimed once: read notifications, expired exports (decision 0047); the hour's unused pictures.
      const hour = new Date().toISOString().slice(0, 13)
      const today = hour.slice(0, 10)
      await expect.poll(async () => (await conn.db.selectFrom('job_slots').select('slot').execute()).map((r) => r.slot).sort()).toEqual([`exports-expired:${today}`, `pictures-unused:${hour}`, `retention-duty:${today}`, `retention:${today}`])
      for (const j of jobs) await j.stop()
    }
    await conn.close()
  })
})
