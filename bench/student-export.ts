// Decision 0047: the export of one student with 1,000 posts and 200 photo-sized pictures (and a comment
// on every third post), from the claim to the finished zip on disk, on a real SQLite database.
// Budget: under 10 s and under 200 MB of memory. This process seeds the database; a fresh process
// (as a server would be: its fonts read once) runs the export while its resident memory is sampled
// every 10 ms. Printed as JSON. `npx tsx bench/student-export.ts`.
import { execFileSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { connect } from '../app/db/connect.server'
import { migrate } from '../app/db/migrate.server'
import { seedReferenceData } from '../app/seed/demo.server'
import { registerWithPassword } from '../app/features/auth/accounts.server'
import { createJournal } from '../app/features/journals/settings.server'
import { runExport, startExport } from '../app/features/privacy/export.server'
import { translatorOf } from '../app/i18n/middleware.server'

const POSTS = 1000
const PICTURES = 200

if (process.argv[2] === '--run') {
  // The measured process: a warm compiler (a one-line PDF), then the export.
  const [dbFile, exportsDir, journalId, studentId, ownerId] = process.argv.slice(3)
  const { db } = connect({ sqliteFile: dbFile })
  const { documentPdf, typstChildPeakMb } = await import('../app/features/documents/typst.server')
  await documentPdf('warm', { lang: 'zh-TW', title: 'warm' })
  globalThis.gc?.()
  const base = process.memoryUsage().rss
  let peak = base
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10)
  const start = performance.now()
  const { id } = await startExport(db, { journalId: Number(journalId), studentId: Number(studentId), userId: Number(ownerId), lang: 'zh-TW' })
  await runExport(db, id, exportsDir, translatorOf('zh-TW'))
  const ms = performance.now() - start
  clearInterval(sampler)
  const row = await db.selectFrom('student_exports').select(['token', 'status']).where('id', '=', id).executeTakeFirstOrThrow()
  await db.destroy()
  console.log(JSON.stringify({ status: row.status, seconds: +(ms / 1000).toFixed(2), zipMB: +(statSync(path.join(exportsDir, `${row.token}.zip`)).size / 1_048_576).toFixed(1), rssBeforeMB: Math.round(base / 1_048_576), rssPeakMB: Math.round(peak / 1_048_576), rssGrowthMB: Math.round((peak - base) / 1_048_576), typstProcessPeakMB: typstChildPeakMb() }))
  process.exit(0)
}

const dir = mkdtempSync(path.join(os.tmpdir(), 'student-export-bench-'))
const conn = connect({ sqliteFile: path.join(dir, 'bench.db') })
await migrate(conn)
await seedReferenceData(conn.db)
const { db } = conn
const user = async (account: string) => {
  const r = await registerWithPassword(db, { account, password: 'secret-pass-1', locale: 'zh-TW' })
  if (r.code !== '01000') throw new Error('setup')
  return r.userId
}
const owner = await user('owner')
const student = await user('amy')
await db.updateTable('users').set({ kind: 'student', name: '林小美' }).where('id', '=', student).execute()
const j = await createJournal(db, { userId: owner, planLimit: 30 }, { name: '501 心情日記', labelColorCode: '1', speechLang: 'zh', display: 'list', expireType: '1', studentLimit: '5', shareType: '2' })
if (!j.ok) throw new Error('journal')
await db.insertInto('journal_members').values({ journal_id: j.id, user_id: student, role: 'student', drp_status: 1, joined_at: new Date().toISOString() }).execute()

// Photo-like pictures: noise compresses as a photo does (about 150 KB each as JPEG).
const pictures: string[] = []
for (let i = 0; i < PICTURES; i++) {
  const raw = Buffer.alloc(640 * 480 * 3)
  for (let k = 0; k < raw.length; k++) raw[k] = (k * 7 + i * 13 + ((k >> 6) % 97)) & 0xff
  const data = await sharp(raw, { raw: { width: 640, height: 480, channels: 3 } }).resize(1280, 960).jpeg({ quality: 80 }).toBuffer()
  const id = randomUUID()
  await db.insertInto('post_pictures').values({ id, owner_id: student, content_type: 'image/jpeg', data, width: 1280, height: 960, created_at: new Date().toISOString() }).execute()
  pictures.push(id)
}
await db.transaction().execute(async (trx) => {
  for (let i = 0; i < POSTS; i++) {
    const at = new Date(Date.UTC(2025, 8, 1) + i * 3_600_000 * 9).toISOString()
    const { id } = await trx
      .insertInto('posts')
      .values({ journal_id: j.id, creator_id: student, title: `第${i + 1}天的日記`, diary_date: at.slice(0, 10), location: '教室', happen_time: '下課', status: 1, score: null, is_video: 0, created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow()
    const frame = async (position: number, frame_type: 'event' | 'emotion' | 'behavior', message: string, img_url: string | null = null) =>
      (await trx.insertInto('post_frames').values({ post_id: id, position, frame_type, message, img_url }).returning('id').executeTakeFirstOrThrow()).id
    await frame(1, 'event', `今天下課的時候，我和同學在操場玩鬼抓人，第${i + 1}次玩得這麼開心。後來下雨了，我們跑回教室。`, i < PICTURES ? `/pictures/${pictures[i]}` : null)
    const feelings = await frame(2, 'emotion', '我覺得很開心，也有一點累。')
    const did = await frame(3, 'behavior', '我跟同學說謝謝，然後一起收拾。')
    await trx.insertInto('post_emotions').values([{ post_id: id, frame_id: feelings, emotion_code: '3' }, { post_id: id, frame_id: feelings, emotion_code: '5' }]).execute()
    await trx.insertInto('post_behaviours').values({ post_id: id, frame_id: did, behaviour_code: 9 }).execute()
    if (i % 3 === 0) await trx.insertInto('comments').values({ post_id: id, msg_id: null, author_id: owner, comment: '寫得很好，繼續加油！', type: 3, status: 1, created_at: at, updated_at: at }).execute()
  }
})

const exportsDir = path.join(dir, 'exports')
// BENCH_NO_PICTURES=1: the same posts without their pictures (to see what the pictures cost).
if (process.env.BENCH_NO_PICTURES === '1') await db.updateTable('post_frames').set({ img_url: null }).execute()
await db.destroy()
const runs = [1, 2, 3].map(() => JSON.parse(execFileSync(process.execPath, ['--expose-gc', '--import', 'tsx', 'bench/student-export.ts', '--run', path.join(dir, 'bench.db'), exportsDir, String(j.id), String(student), String(owner)], { encoding: 'utf8' }).trim().split('\n').at(-1)!))
rmSync(dir, { recursive: true, force: true })
runs.sort((a, b) => a.seconds - b.seconds)
console.log(JSON.stringify({ posts: POSTS, pictures: PICTURES, medianSeconds: runs[1].seconds, worstSeconds: runs[2].seconds, zipMB: runs[1].zipMB, worstRssGrowthMB: Math.max(...runs.map((r) => r.rssGrowthMB)), worstRssPeakMB: Math.max(...runs.map((r) => r.rssPeakMB)), runs }))
