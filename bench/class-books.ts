// Decision 0053: a class's e-books in one job: 30 students, each book of 20 posts with a picture in
// every frame, made by the job from the click (posts chosen, texts filled, every page laid out,
// each PDF), then the zip of all of them, on a real database. This process seeds; a fresh process
// (as `npm start` runs a server: MALLOC_ARENA_MAX=2) runs the job and the zip, and reports its peak resident memory and its
// Typst process's (decision 0054). Prints JSON.
import { randomUUID } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
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
import { zipWriter } from '../app/features/jobs/zip.server'
import { typstChildPeakMb } from '../app/features/documents/typst.server'
import { execFileSync } from 'node:child_process'
import { statSync } from 'node:fs'

const STUDENTS = Number(process.env.CLASS_BOOKS_STUDENTS ?? 30)
const POSTS = 20
// The kernel's high-water mark of resident memory: a compile blocks the event loop, so sampling misses its peak.
const status = (field: 'VmRSS' | 'VmHWM') => Math.round(Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync('/proc/self/status', 'utf8'))![1]) / 1024)

if (process.argv[2] === '--run') {
  const [dbFile, journalId, teacherId, ...studentIds] = process.argv.slice(3).map((a, i) => (i === 0 ? a : Number(a))) as [string, ...number[]]
  const { db } = connect({ sqliteFile: dbFile })
  const before = status('VmRSS')
  const t = performance.now()
  if ((await startClassBooks(db, { journalId, teacherId, studentIds, rule: 'newest', newest: POSTS, design: 'meadow' })) !== 'started') throw new Error('not started')
  await runClassBooks(db, journalId, (c) => c)
  const seconds = Math.round((performance.now() - t) / 100) / 10
  const jobPeak = status('VmHWM')
  // The zip of every PDF, as the page sends it: written as it is made, so memory stays flat.
  const z = performance.now()
  const zipFile = path.join(path.dirname(dbFile), 'books.zip')
  const zip = await zipWriter(zipFile)
  const zipped = await writeClassBooksZip(db, journalId, zip)
  await zip.close()
  const zipSeconds = Math.round((performance.now() - z) / 100) / 10
  const job = (await classBookJob(db, journalId))!
  const pdfs = await db.selectFrom('ebook_exports').select((eb) => [eb.fn.countAll().as('n'), eb.fn.sum(eb.fn('length', ['pdf'])).as('bytes')]).where('status', '=', 'done').executeTakeFirstOrThrow()
  await db.destroy()
  if (job.status !== 'done' || job.results.some((r) => !('bookId' in r)) || Number(pdfs.n) !== studentIds.length || zipped !== studentIds.length) throw new Error('a book was not made')
  const typstPeak = typstChildPeakMb()
  console.log(JSON.stringify({ books: job.results.length, postsPerBook: POSTS, pdfMb: Math.round(Number(pdfs.bytes) / 1024 / 102.4) / 10, seconds, zipSeconds, zipMb: Math.round(statSync(zipFile).size / 1024 / 1024), serverStartRssMb: before, serverPeakRssMb: jobPeak, typstProcessPeakMb: typstPeak, bothPeakMb: jobPeak + typstPeak, zipPeakRssMb: status('VmHWM') }))
  process.exit(0)
}

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
// Photo-sized pictures of noise (they compress as little as photos do): six of each student's
// own, round their frames, so no book reuses another's decoded pictures.
const PICTURES_EACH = 6
async function picture(owner: number, n: number) {
  const data = await sharp({ create: { width: 1280, height: 960, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 60 + (n % 12) * 10, sigma: 30 } } }).webp({ quality: 80 }).toBuffer()
  const id = randomUUID()
  await db.insertInto('post_pictures').values({ id, owner_id: owner, content_type: 'image/webp', data, width: 1280, height: 960, created_at: new Date().toISOString() }).execute()
  return `/pictures/${id}`
}
const students: number[] = []
for (let s = 1; s <= STUDENTS; s++) {
  const r = await registerWithPassword(db, { account: `s${s}`, password: 'secret-pass-1', locale: 'zh-TW' })
  if (r.code !== '01000') throw new Error('student')
  await db.updateTable('users').set({ kind: 'student', name: `學生 ${s}` }).where('id', '=', r.userId).execute()
  await joinAsStudent(db, r.userId, code)
  students.push(r.userId)
  const pictures: string[] = []
  for (let n = 0; n < PICTURES_EACH; n++) pictures.push(await picture(r.userId, s * PICTURES_EACH + n))
  for (let i = 1; i <= POSTS; i++) {
    const post = await createPost(db, r.userId, j.id, { title: `第${i}天`, diaryDate: `2026-10-${String(i).padStart(2, '0')}`, event: `今天是第${i}天，我們在教室裡玩遊戲。`, emotions: ['3'], behaviour: '9', behaviourText: '我很開心。' })
    const frames = await db.selectFrom('post_frames').select('id').where('post_id', '=', post).execute()
    for (const [k, f] of frames.entries()) await db.updateTable('post_frames').set({ img_url: pictures[(s + i + k) % pictures.length] }).where('id', '=', f.id).execute()
  }
}

await db.destroy()
try {
  const out = execFileSync(process.execPath, ['--import', 'tsx', import.meta.filename, '--run', path.join(dir, 'bench.db'), String(j.id), String(teacher.userId), ...students.map(String)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, MALLOC_ARENA_MAX: '2' } })
  console.log(out.trim().split('\n').pop())
} finally {
  rmSync(dir, { recursive: true, force: true })
}
