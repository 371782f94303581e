// Issue 38: a class's e-books in one job: 30 students, each book of 20 posts with a picture in
// every frame, made by the job from the click (posts chosen, texts filled, every page laid out and
// drawn, each PDF), then the zip of all of them, on a real database; the times and the process's
// peak resident memory. Run in a process of its own; prints JSON.
import { randomUUID } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { connect } from '../app/db/connect.server'
import { migrate } from '../app/db/migrate.server'
import { seedReferenceData } from '../app/seed/demo.server'
import { registerWithPassword } from '../app/features/auth/accounts.server'
import { createJournal } from '../app/features/journals/settings.server'
import { joinAsStudent } from '../app/features/students/join.server'
import { createPost } from '../app/features/students/posts.server'
import { classBookJob, runClassBooks, startClassBooks, writeClassBooksZip } from '../app/features/ebooks/class-books.server'
import { zipWriter } from '../app/features/privacy/zip.server'
import { statSync } from 'node:fs'

const STUDENTS = Number(process.env.CLASS_BOOKS_STUDENTS ?? 30)
const POSTS = 20
// The kernel's high-water mark of resident memory: a compile blocks the event loop, so sampling misses its peak.
const status = (field: 'VmRSS' | 'VmHWM') => Math.round(Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync('/proc/self/status', 'utf8'))![1]) / 1024)

const dir = mkdtempSync(path.join(os.tmpdir(), 'class-books-bench-'))
const conn = connect({ sqliteFile: path.join(dir, 'bench.db') })
await migrate(conn)
await seedReferenceData(conn.db)
const { db } = conn
const teacher = await registerWithPassword(db, { account: 'teacher', password: 'secret-pass-1', locale: 'zh-TW' })
if (teacher.code !== '01000') throw new Error('setup')
const j = await createJournal(db, { userId: teacher.userId, planLimit: 100 }, { name: '501 心情日記', labelColorCode: '1', speechLang: 'zh-TW', display: 'list', expireType: '1', studentLimit: String(STUDENTS), shareType: '2' })
if (!j.ok) throw new Error('journal')
const code = (await db.selectFrom('journals').select('invite_code').where('id', '=', j.id).executeTakeFirstOrThrow()).invite_code!
// Photo-sized pictures of noise (they compress as little as photos do), shared round the frames.
const pictures: string[] = []
for (let i = 0; i < 12; i++) {
  const data = await sharp({ create: { width: 1280, height: 960, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 100 + i * 10, sigma: 30 } } }).webp({ quality: 80 }).toBuffer()
  const id = randomUUID()
  await db.insertInto('post_pictures').values({ id, owner_id: teacher.userId, content_type: 'image/webp', data, width: 1280, height: 960, created_at: new Date().toISOString() }).execute()
  pictures.push(`/pictures/${id}`)
}
const students: number[] = []
for (let s = 1; s <= STUDENTS; s++) {
  const r = await registerWithPassword(db, { account: `s${s}`, password: 'secret-pass-1', locale: 'zh-TW' })
  if (r.code !== '01000') throw new Error('student')
  await db.updateTable('users').set({ kind: 'student', name: `學生 ${s}` }).where('id', '=', r.userId).execute()
  await joinAsStudent(db, r.userId, code)
  students.push(r.userId)
  for (let i = 1; i <= POSTS; i++) {
    const post = await createPost(db, r.userId, j.id, { title: `第${i}天`, diaryDate: `2026-10-${String(i).padStart(2, '0')}`, event: `今天是第${i}天，我們在教室裡玩遊戲。`, emotions: ['3'], behaviour: '9', behaviourText: '我很開心。' })
    const frames = await db.selectFrom('post_frames').select('id').where('post_id', '=', post).execute()
    for (const [k, f] of frames.entries()) await db.updateTable('post_frames').set({ img_url: pictures[(s + i + k) % pictures.length] }).where('id', '=', f.id).execute()
  }
}

// The seed's own peak is behind us: the high-water mark is reset to what the process holds now.
writeFileSync('/proc/self/clear_refs', '5')
const before = status('VmRSS')
const t = performance.now()
if ((await startClassBooks(db, { journalId: j.id, teacherId: teacher.userId, studentIds: students, rule: 'newest', newest: POSTS, design: 'meadow' })) !== 'started') throw new Error('not started')
await runClassBooks(db, j.id, (c) => c)
const seconds = Math.round((performance.now() - t) / 100) / 10
const jobPeak = status('VmHWM')
// The zip of every PDF, as the page sends it: written as it is made, so memory stays flat.
const z = performance.now()
const zip = await zipWriter(path.join(dir, 'books.zip'))
const zipped = await writeClassBooksZip(db, j.id, zip)
await zip.close()
const zipSeconds = Math.round((performance.now() - z) / 100) / 10
const zipMb = Math.round(statSync(path.join(dir, 'books.zip')).size / 1024 / 1024)
const job = (await classBookJob(db, j.id))!
const pages = await db.selectFrom('ebook_pages').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()
const pdfs = await db.selectFrom('ebook_exports').select((eb) => [eb.fn.countAll().as('n'), eb.fn.sum(eb.fn('length', ['pdf'])).as('bytes')]).where('status', '=', 'done').executeTakeFirstOrThrow()
await db.destroy()
rmSync(dir, { recursive: true, force: true })
if (job.status !== 'done' || job.results.some((r) => !('bookId' in r)) || Number(pdfs.n) !== STUDENTS || zipped !== STUDENTS) throw new Error('a book was not made')
console.log(JSON.stringify({ books: job.results.length, postsPerBook: POSTS, pages: Number(pages.n), pdfMb: Math.round(Number(pdfs.bytes) / 1024 / 102.4) / 10, seconds, zipSeconds, zipMb, peakRssMb: jobPeak, zipPeakRssMb: status('VmHWM'), baselineRssMb: before }))
