// Decision 0040: the PDF of a 30-page book with a picture in every frame, from the click (the claim and
// the job: every page laid out, then one PDF), on a real database. Ten runs, each after a change of
// the book (so each makes a new PDF). Run in a process of its own; prints JSON.
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { connect } from '../app/db/connect.server'
import { migrate } from '../app/db/migrate.server'
import { seedReferenceData } from '../app/seed/demo.server'
import { bookFor, choosePosts, drawPendingPages, openBook, saveBasicInfo } from '../app/features/ebooks/books.server'
import { claimExport, exportedPdf, runExport } from '../app/features/ebooks/export.server'
import { ebookClass } from '../tests/support/journals'

const dir = mkdtempSync(path.join(os.tmpdir(), 'ebook-bench-'))
const conn = connect({ sqliteFile: path.join(dir, 'bench.db') })
await migrate(conn)
await seedReferenceData(conn.db)
const { db } = conn
const c = await ebookClass(db, 26)
// Every frame of every post gets a photo-sized picture of its own.
const frames = await db.selectFrom('post_frames').select('id').execute()
for (const [i, f] of frames.entries()) {
  const data = await sharp({ create: { width: 1280, height: 960, channels: 3, background: `hsl(${(i * 37) % 360}, 60%, 70%)` } }).webp({ quality: 80 }).toBuffer()
  const id = randomUUID()
  await db.insertInto('post_pictures').values({ id, owner_id: c.id.amy, content_type: 'image/webp', data, width: 1280, height: 960, created_at: new Date().toISOString() }).execute()
  await db.updateTable('post_frames').set({ img_url: `/pictures/${id}`, message: `第${i + 1}格：今天下雨了，我們在教室裡玩遊戲。大家都很開心。` }).where('id', '=', f.id).execute()
}
const who = c.teacher('owner')
const book = (await bookFor(db, (await openBook(db, c.journalId, c.id.amy, who))!, who))!
await choosePosts(db, book, c.posts)
await saveBasicInfo(db, book, { name: '我的心情日記', aboutAuthor: '我喜歡畫畫和踢足球。', thanks: '謝謝老師和爸爸媽媽。', postscript: '希望明年也能繼續寫。', messageBoard: 'on' })
const feeling = (code: string) => code
await drawPendingPages(db, book.id, feeling)
const pages = (await db.selectFrom('ebook_pages').select('id').where('ebook_id', '=', book.id).execute()).length

const times: number[] = []
for (let run = 0; run < 11; run++) {
  await db.updateTable('ebooks').set({ edited_at: new Date(Date.now() + run).toISOString() }).where('id', '=', book.id).execute()
  const t = performance.now()
  if (!(await claimExport(db, book.id))) throw new Error('not claimed')
  await runExport(db, book.id, feeling)
  if (run > 0) times.push(performance.now() - t) // the first run also loads the fonts
}
times.sort((a, b) => a - b)
const size = (await exportedPdf(db, book.id))!.pdf!.length
await db.destroy()
rmSync(dir, { recursive: true, force: true })
console.log(JSON.stringify({ pages, p50Ms: Math.round(times[4]), p95Ms: Math.round(times[9]), kb: Math.round(size / 1024) }))
