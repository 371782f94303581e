// Many processes, one PostgreSQL (decision 0050): the README says the app processes are stateless and the
// background work runs once however many there are. Here two built servers (`node build/server.js`,
// as `npm start` runs them) share one PostgreSQL behind a small round-robin balancer
// (tests/support/balancer.ts), with a real SMTP peer; each answer names the process that served it.
// Needs `npm run build` first (scripts/test-all.sh builds before vitest).
import { randomBytes } from 'node:crypto'
import { sql } from 'kysely'
import PgBoss from 'pg-boss'
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bookFor, choosePosts, drawPendingPages, openBook, saveBasicInfo, type Book } from '~/features/ebooks/books.server'
import { emotionName } from '~/features/posts/names'
import { translatorOf } from '~/i18n/middleware.server'
import { EXPORT_STALE_MS } from '~/features/ebooks/export.server'
import { wallClock } from '~/features/jobs/slots.server'
import { formatDate } from '~/shared/dates'
import { startAppProcess, type AppProcess } from '../support/app-process'
import { startBalancer } from '../support/balancer'
import { freshDatabase } from '../support/db'
import { ebookClass } from '../support/journals'
import { startSmtp } from '../support/smtp'

const PASSWORD = 'secret-pass-1'
const OWNER_MAIL = 'owner@school.test'

/** Polls `probe` until it returns something other than undefined, or fails at the deadline. */
async function until<T>(what: string, probe: () => Promise<T | undefined>, deadlineMs = 30_000): Promise<T> {
  const deadline = Date.now() + deadlineMs
  for (;;) {
    const value = await probe()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`${what}: not within ${deadlineMs} ms`)
    await new Promise((r) => setTimeout(r, 20))
  }
}

/** A browser without JavaScript: its cookies, forms posted with its Origin, redirects not followed. */
class Visitor {
  private jar = new Map<string, string>()
  constructor(private origin: string) {}

  async get(path: string) {
    return this.send(path)
  }

  async post(path: string, form: Record<string, string>) {
    return this.send(path, new URLSearchParams(form))
  }

  private async send(path: string, form?: URLSearchParams) {
    const headers: Record<string, string> = {}
    if (this.jar.size) headers.Cookie = [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ')
    if (form) headers.Origin = this.origin
    const res = await fetch(`${this.origin}${path}`, { method: form ? 'POST' : 'GET', headers, body: form, redirect: 'manual' })
    for (const cookie of res.headers.getSetCookie()) {
      const [pair, ...attributes] = cookie.split(';')
      const name = pair.slice(0, pair.indexOf('=')).trim()
      const value = pair.slice(pair.indexOf('=') + 1).trim()
      const gone = !value || attributes.some((a) => /^\s*max-age=0\s*$/i.test(a) || (/^\s*expires=/i.test(a) && Date.parse(a.split('=')[1]) < Date.now()))
      if (gone) this.jar.delete(name)
      else this.jar.set(name, value)
    }
    return { status: res.status, servedBy: res.headers.get('x-served-by'), location: res.headers.get('location'), res }
  }
}

/**
 * A zone where this hour lasts at least half an hour more and is not hour 0 (which means "no
 * digest"): the digests asked for "this hour" cannot slip into the next one while the test runs.
 */
function zoneWithTimeLeft(at: Date) {
  const minute = (zone: string) => Number(new Intl.DateTimeFormat('en-GB', { timeZone: zone, minute: '2-digit' }).format(at))
  const zone = ['UTC', 'Asia/Tokyo', 'Asia/Kolkata', 'Asia/Yangon'].find((z) => minute(z) < 30 && wallClock(at, z).hour !== 0)!
  return { zone, hour: wallClock(at, zone).hour }
}

const bellCount = (html: string) => {
  const label = html.match(/class="bell"[^>]*aria-label="([^"]*)"|aria-label="([^"]*)"[^>]*class="bell"/)
  if (!label) throw new Error('no bell on the page')
  const text = label[1] ?? label[2]
  return text === 'Notifications' ? 0 : Number(text.match(/(\d+) unread/)![1])
}

describe('two app processes on one PostgreSQL behind a balancer', () => {
  let conn: Awaited<ReturnType<typeof freshDatabase>>
  let smtp: Awaited<ReturnType<typeof startSmtp>>
  let balancer: Awaited<ReturnType<typeof startBalancer>>
  let boss: PgBoss | undefined
  const apps: AppProcess[] = []
  let c: Awaited<ReturnType<typeof ebookClass>>
  let book: Book
  let teacher: Visitor
  let bellBefore = 0

  beforeAll(async () => {
    // A new, empty database, as at a first deployment: the processes migrate it and write the reference data.
    conn = await freshDatabase('postgres', { empty: true })
    smtp = await startSmtp()
    balancer = await startBalancer()
    // What every process of a deployment shares: the database, the secret, the mail server, the
    // public address (the balancer's), and one proxy in front.
    const env = { DATABASE_URL: conn.url!, SEED_DEMO: '0', SESSION_SECRET: randomBytes(24).toString('hex'), SMTP_URL: smtp.url, PUBLIC_URL: balancer.url, TRUST_PROXY: '1' }
    // Both start at once on the empty database: they prepare it in turn (migrations, reference data,
    // the queue's schema and schedule) and both answer.
    const started = await Promise.allSettled(['a', 'b'].map((name) => startAppProcess(name, env)))
    for (const s of started) if (s.status === 'fulfilled') apps.push(s.value)
    for (const s of started) if (s.status === 'rejected') throw s.reason
    for (const app of apps) balancer.add({ name: app.name, port: app.port })
    teacher = new Visitor(balancer.url)

    // Journal 501 of `owner` (a teacher with a verified address who wants the digests by mail), its
    // students Amy (26 posts, today) and Ben, and Amy's e-book of them, no page drawn yet.
    c = await ebookClass(conn.db, 26)
    await conn.db.updateTable('users').set({ email: OWNER_MAIL, email_verified: 1, info_set: 1, name: 'Ms Lin', digest_mail: 1 }).where('id', '=', c.id.owner).execute()
    await conn.db.updateTable('users').set({ email_verified: 1, info_set: 1, name: 'Mr Chen' }).where('id', '=', c.id.stranger).execute()
    const owner = c.teacher('owner')
    book = (await bookFor(conn.db, (await openBook(conn.db, c.journalId, c.id.amy, owner))!, owner))!
    await choosePosts(conn.db, book, c.posts)
    await saveBasicInfo(conn.db, book, { name: '我的一年', aboutAuthor: '我喜歡踢足球。', thanks: '謝謝林老師。', postscript: '明年見。', messageBoard: 'on' })
  }, 120_000)

  afterAll(async () => {
    await boss?.stop({ graceful: false, wait: true })
    await Promise.all(apps.map((app) => app.stop()))
    await balancer?.close()
    await smtp?.close()
    await conn?.close()
  })

  it('a sign-in on one process is a session on the other', async () => {
    const signIn = await teacher.post('/login', { intent: 'login', email: 'owner', password: PASSWORD })
    expect(signIn.status).toBe(302)
    const diary = await teacher.get('/diary')
    expect(diary.servedBy).not.toBe(signIn.servedBy)
    expect(diary.status).toBe(200)
    const html = await diary.res.text()
    expect(html).toContain('501 心情日記')
    bellBefore = bellCount(html)
  })

  it('a student posts on one process; the alert and the bell are on the other at once', async () => {
    const student = new Visitor(balancer.url)
    expect((await student.post('/s/login', { intent: 'login', email: 'amy', password: PASSWORD })).status).toBe(302)
    const today = formatDate(new Date().toISOString(), 'Asia/Taipei')
    const posted = await student.post(`/s/journal/${c.journalId}/new`, { title: 'A long night', diaryDate: today, event: 'Nobody listened to me at home. Sometimes I want to die.', emotions: 'B', behaviour: '6', behaviourText: 'I cried.' })
    expect(posted.status).toBe(302)
    expect(posted.location).toMatch(/^\/s\/post\/\d+/)
    const alerts = await teacher.get(`/diary/homework/${c.journalId}/alerts`)
    expect(alerts.servedBy).not.toBe(posted.servedBy)
    expect(alerts.status).toBe(200)
    const html = await alerts.res.text()
    expect(html).toContain('Possible suicidal thoughts')
    expect(html).toContain('Sometimes I want to die.')
    expect(bellCount(html)).toBe(bellBefore + 1)
  })

  it('the sign-in limit counts the failures on both processes', async () => {
    const guesser = new Visitor(balancer.url)
    const served = new Set<string | null>()
    // LOGIN_MAX_FAILS_ACCOUNT: 5 failures allowed, alternately on each process.
    for (let i = 0; i < 5; i++) {
      const wrong = await guesser.post('/login', { intent: 'login', email: 'stranger', password: `wrong-${i}` })
      expect(wrong.status).toBe(401)
      served.add(wrong.servedBy)
    }
    expect([...served].sort()).toEqual(['a', 'b'])
    // The sixth try waits, even with the right password, whichever process takes it.
    for (let i = 0; i < 2; i++) {
      const blocked = await guesser.post('/login', { intent: 'login', email: 'stranger', password: PASSWORD })
      expect(blocked.status).toBe(429)
      expect(await blocked.res.text()).toContain('Too many failed sign-in attempts')
      served.delete(blocked.servedBy)
    }
    expect(served.size).toBe(0)
  })

  it('a digest hour with both processes alive: one digest and one mail', async () => {
    // The journal asks for every digest at this hour. Two ticks of the schedule go to the queue at
    // once (the cron sends one a minute; a restart or a retry can add another), and both processes
    // work the queue: whichever takes them, each digest is claimed once.
    const { zone, hour } = zoneWithTimeLeft(new Date())
    await conn.db.updateTable('journals').set({ time_zone: zone, notify_submit_time: hour, notify_stat_time: hour, notify_extreme_time: hour }).where('id', '=', c.journalId).execute()
    boss = new PgBoss({ connectionString: conn.url!, schema: 'pgboss', supervise: false, schedule: false, migrate: false, max: 1 })
    boss.on('error', () => {})
    await boss.start()
    const ticks = await Promise.all([boss.send('tick', {}), boss.send('tick', {})])
    const q = boss
    // Both ticks done, and no other tick (the cron's) still running.
    await until('the ticks', async () => {
      const states = await Promise.all(ticks.map((id) => q.getJobById('tick', id!)))
      if (!states.every((j) => j?.state === 'completed')) return undefined
      const running = await sql<{ n: number }>`select count(*)::int as n from pgboss.job where name = 'tick' and state in ('created', 'retry', 'active')`.execute(conn.db)
      return running.rows[0].n === 0 ? true : undefined
    })
    const digests = await conn.db.selectFrom('notifications').select('msg_key').where('user_id', '=', c.id.owner).where('event_key', 'like', 'digest:%').orderBy('msg_key').execute()
    expect(digests.map((d) => d.msg_key)).toEqual(['notification.digestAlerts', 'notification.digestMood', 'notification.digestPosts'])
    // The co-teacher has them too, but no address: one mail, to the owner, with the three lines.
    const mails = await sql<{ state: string }>`select state from pgboss.job where name = 'digest-mail'`.execute(conn.db)
    expect(mails.rows).toHaveLength(1)
    const mail = await until('the digest mail', async () => smtp.received.find((m) => m.to.includes(OWNER_MAIL) && m.raw.includes('what happened in your journals')))
    expect(mail.raw).toContain(`${balancer.url}/diary/homework/${c.journalId}/alerts`)
    await until('the mail job done', async () => ((await q.getJobById('digest-mail', (await sql<{ id: string }>`select id from pgboss.job where name = 'digest-mail'`.execute(conn.db)).rows[0].id))?.state === 'completed' ? true : undefined))
    expect(smtp.received.filter((m) => m.to.includes(OWNER_MAIL))).toHaveLength(1)
  }, 60_000)

  // Step 4 prints only a book whose every page is drawn (decision 0044): the pages are drawn first. The
  // job then reads the book's texts and prints; the test holds the comments table locked, so the job
  // waits at that read (a slow database, as it were) and the kill lands mid-job every time.
  it('a PDF job whose process dies is finished by the other', async () => {
    const row = () => conn.db.selectFrom('ebook_exports').select(['status', 'pages_done', 'pages_total', 'heartbeat_at']).where('ebook_id', '=', book.id).executeTakeFirst()
    const drawn = async () => new Map((await conn.db.selectFrom('ebook_pages').select(['id', 'picture']).where('ebook_id', '=', book.id).where('picture', 'is not', null).execute()).map((p) => [p.id, p.picture!]))
    await drawPendingPages(conn.db, book.id, (code, lang) => emotionName(code, translatorOf(lang)))
    const keptPages = await drawn()
    // The e-book pages take over the console's session; then "make the PDF".
    expect((await teacher.get('/ebook/redirect?console=1')).status).toBe(302)
    let release!: () => void
    const released = new Promise<void>((resolve) => (release = resolve))
    let locked!: () => void
    const isLocked = new Promise<void>((resolve) => (locked = resolve))
    const holding = conn.db.transaction().execute(async (trx) => {
      await sql`lock table comments in access exclusive mode`.execute(trx)
      locked()
      await released
    })
    await isLocked
    const started = await teacher.post(`/ebook/${book.id}/download`, { intent: 'generate' })
    expect(started.status).toBe(302)
    const victim = apps.find((app) => app.name === started.servedBy)!
    const survivor = apps.find((app) => app !== victim)!
    // Its first beat counts the pages drawn; then it waits for the comments.
    await until('the job under way', async () => ((await row())?.pages_total ?? 0) > 0 || undefined)
    await victim.kill()
    release()
    await holding
    const atDeath = (await row())!
    expect(atDeath.status).toBe('running')
    expect(atDeath.pages_done).toBe(atDeath.pages_total - 1)

    // The balancer finds the process gone and sends the click to the other, which leaves the job
    // alone while its heartbeat is recent (the process might be slow, not dead).
    const again = await teacher.post(`/ebook/${book.id}/download`, { intent: 'generate' })
    expect(again.servedBy).toBe(survivor.name)
    expect(await row()).toEqual(atDeath)

    // Half a minute of silence, as the row reads EXPORT_STALE_MS after the crash (that rule alone:
    // tests/ebooks/ebook-export.test.ts): the next click takes the job over and finishes it.
    await conn.db.updateTable('ebook_exports').set({ heartbeat_at: new Date(Date.now() - EXPORT_STALE_MS - 1000).toISOString() }).where('ebook_id', '=', book.id).execute()
    expect((await teacher.post(`/ebook/${book.id}/download`, { intent: 'generate' })).servedBy).toBe(survivor.name)
    // By now the balancer has tried the dead process (every other request goes to it) and left it out.
    expect(balancer.live()).toEqual([survivor.name])
    const done = await until('the PDF', async () => {
      const r = await row()
      return r?.status === 'done' ? r : undefined
    }, 60_000)
    expect(done.pages_done).toBe(done.pages_total)
    // The pages drawn before were kept, not drawn again.
    const after = await drawn()
    for (const [id, picture] of keptPages) expect(after.get(id) === picture, `page ${id}`).toBe(true)
    const pdf = await teacher.get(`/ebook/${book.id}/book.pdf`)
    expect(pdf.status).toBe(200)
    expect(pdf.servedBy).toBe(survivor.name)
    expect(pdf.res.headers.get('content-type')).toBe('application/pdf')
    const doc = await getDocument({ data: new Uint8Array(await pdf.res.arrayBuffer()), useSystemFonts: false }).promise
    expect(doc.numPages).toBe(done.pages_total - 1)
  }, 90_000)
})
