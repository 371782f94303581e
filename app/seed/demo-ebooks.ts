import { randomUUID } from 'node:crypto'
import { loadSharp } from '~/sharp.server'
import type { DB } from '~/db/connect.server'
import { bookFor, choosePosts, drawPendingPages, openBook, saveBasicInfo } from '~/features/ebooks/books.server'
import { emotionName } from '~/features/posts/names'
import { POST_STATUS } from '~/features/posts/constants'
import { claimExport, runExport } from '~/features/ebooks/export.server'
import { shareBook } from '~/features/ebooks/share-links.server'
import { SHARE_DAYS } from '~/features/ebooks/constants'
import { translatorOf } from '~/i18n/middleware.server'

/** Simple crayon-like pictures for the demo book's frames: sky and ground, and one thing in the middle. */
const SCENES = [
  { sky: '#bfe3f5', ground: '#8cc084', thing: '<circle cx="320" cy="150" r="70" fill="#f6c945"/><circle cx="320" cy="150" r="95" fill="none" stroke="#f6c945" stroke-width="8" stroke-dasharray="14 18"/>' },
  { sky: '#ffe3c9', ground: '#c7a27c', thing: '<rect x="230" y="170" width="180" height="140" fill="#e86a5a"/><path d="M210 175 L320 90 L430 175 Z" fill="#8a4b3c"/><rect x="300" y="240" width="40" height="70" fill="#6b3b2f"/>' },
  { sky: '#d7ecff', ground: '#7fb3d5', thing: '<circle cx="320" cy="260" r="60" fill="#fff"/><path d="M280 235 L360 285 M360 235 L280 285" stroke="#333" stroke-width="10"/>' },
  { sky: '#e9e2ff', ground: '#a6d49f', thing: '<rect x="240" y="170" width="160" height="120" rx="10" fill="#5b7fd1"/><rect x="258" y="186" width="58" height="88" fill="#fff"/><rect x="324" y="186" width="58" height="88" fill="#fff"/>' },
  { sky: '#fff6bf', ground: '#9ccf8a', thing: '<circle cx="260" cy="230" r="34" fill="#f2b880"/><rect x="236" y="262" width="48" height="70" rx="14" fill="#d9822b"/><circle cx="380" cy="230" r="34" fill="#c98f65"/><rect x="356" y="262" width="48" height="70" rx="14" fill="#2f6f5e"/>' },
  { sky: '#cdeee3', ground: '#e2c98f', thing: '<ellipse cx="320" cy="300" rx="120" ry="28" fill="#fff"/><circle cx="300" cy="270" r="22" fill="#e86a5a"/><circle cx="345" cy="275" r="18" fill="#8cc084"/>' },
]

async function scenePicture(i: number) {
  const sharp = await loadSharp()
  const s = SCENES[i % SCENES.length]
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480"><rect width="640" height="480" fill="${s.sky}"/><rect y="330" width="640" height="150" fill="${s.ground}"/>${s.thing}</svg>`
  const { data, info } = await sharp(Buffer.from(svg)).webp({ quality: 80 }).toBuffer({ resolveWithObject: true })
  return { data, width: info.width, height: info.height }
}

/**
 * The demo's e-books (decision 0039): Student 07 of 501 has a finished book (ten posts with pictures in
 * their frames, the texts written, the message board on, every page drawn) that `teacher@` and
 * `student07@` can open, printed as a PDF and shared by a link with the password `demo-pass-1`;
 * Student 30 of 502 has one in progress (posts chosen, no texts yet).
 */
export async function seedEbooks(trx: DB, { teacher, now, password }: { teacher: number; now: Date; password: string }) {
  const student = (account: string) => trx.selectFrom('users').select('id').where('account', '=', account).executeTakeFirstOrThrow()
  const journal = (name: string) => trx.selectFrom('journals').select('id').where('name', '=', name).executeTakeFirstOrThrow()
  const [s07, s30, j501, j502] = [await student('student07@demo.test'), await student('student30@demo.test'), await journal('501 心情日記'), await journal('502 Feelings Journal')]
  const who = { userId: teacher, kind: 'teacher' as const }
  const postsOf = (journalId: number, studentId: number, take: number) =>
    trx.selectFrom('posts').select('id').where('journal_id', '=', journalId).where('creator_id', '=', studentId).where('status', '=', POST_STATUS.published).orderBy('diary_date').limit(take).execute()

  // The finished book: its posts' frames get pictures first, as students draw them.
  const chosen = (await postsOf(j501.id, s07.id, 10)).map((p) => p.id)
  const frames = await trx.selectFrom('post_frames').select(['id', 'post_id']).where('post_id', 'in', chosen).orderBy('post_id').orderBy('position').execute()
  for (const [i, frame] of frames.entries()) {
    if (i % 3 === 2) continue // some frames stay words only
    const picture = await scenePicture(i)
    const id = randomUUID()
    await trx.insertInto('post_pictures').values({ id, owner_id: s07.id, content_type: 'image/webp', data: picture.data, width: picture.width, height: picture.height, created_at: now.toISOString() }).execute()
    await trx.updateTable('post_frames').set({ img_url: `/pictures/${id}` }).where('id', '=', frame.id).execute()
  }
  const done = (await bookFor(trx, (await openBook(trx, j501.id, s07.id, who))!, who))!
  await choosePosts(trx, done, chosen)
  await saveBasicInfo(trx, done, {
    name: '我的心情日記 My Mood Diary',
    aboutAuthor: '我是 501 班的學生，喜歡畫畫和踢足球。',
    thanks: '謝謝林老師每天讀我的日記，給我鼓勵。',
    postscript: '這是我五年級的心情，有開心也有難過。',
    messageBoard: 'on',
  })
  const feeling = (code: string, lang: string) => emotionName(code, translatorOf(lang))
  await drawPendingPages(trx, done.id, feeling)
  // Printed and shared with the family (decision 0040): the PDF is made, the link asks for demo-pass-1.
  if (await claimExport(trx, done.id)) await runExport(trx, done.id, feeling)
  // The longest a link may live (decision 0047): the demo's link works for a month of trying.
  await shareBook(trx, done.id, password, SHARE_DAYS.max)

  // The book in progress: three posts chosen, the texts still to write.
  const started = (await bookFor(trx, (await openBook(trx, j502.id, s30.id, who))!, who))!
  await choosePosts(trx, started, (await postsOf(j502.id, s30.id, 3)).map((p) => p.id))
}
