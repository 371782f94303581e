import { inTransaction, type DB } from '~/db/connect.server'
import { nowIso } from '~/db/time'
import { MEMBERSHIP_STATUS } from '~/features/journals/constants'
import { isStudentDataOpen, studentDataOpen } from '~/features/student-door.server'
import { COMMENT_STATUS, POST_STATUS } from '~/features/posts/constants'
import { DEFAULT_DESIGN, EBOOK_POSTS } from './constants'
import { bindItems, type FillData, type PageType, type Template } from './page-model'
import { renderPageSvg, type BookLang } from './render.server'
import { BasicInfoSchema, type BasicInfo } from './schema'
import { templateKind } from './page-model'
import { templateById } from './templates'

/** Who asks: a console user (a teacher) or a student of the student pages. */
export interface Maker {
  userId: number
  kind: 'teacher' | 'student'
}

/**
 * May this person make this student's book in this journal? A teacher of the journal, or the
 * student; nobody while the student's erasure waits or their account is locked (rule 12).
 */
async function mayMake(db: DB, journalId: number, studentId: number, who: Maker) {
  if (!(await isStudentDataOpen(db, studentId))) return false
  const member = db.selectFrom('journal_members').select('user_id').where('journal_id', '=', journalId)
  if (who.kind === 'student') {
    if (who.userId !== studentId) return false
    return !!(await member.where('user_id', '=', studentId).where('role', '=', 'student').where('archived_at', 'is', null).executeTakeFirst())
  }
  const [journal, teacher, student] = await Promise.all([
    db.selectFrom('journals').select('owner_id').where('id', '=', journalId).executeTakeFirst(),
    member.where('user_id', '=', who.userId).where('role', '=', 'teacher').where('drp_status', '=', MEMBERSHIP_STATUS.approved).executeTakeFirst(),
    member.where('user_id', '=', studentId).where('role', '=', 'student').executeTakeFirst(),
  ])
  return !!journal && !!student && (journal.owner_id === who.userId || !!teacher)
}

/**
 * The student's book of the journal, made on first entry (spec 3: re-entering opens it). Null when
 * the person may not make it. Two first entries at once make one book (unique journal and student).
 */
export async function openBook(db: DB, journalId: number, studentId: number, who: Maker) {
  if (!(await mayMake(db, journalId, studentId, who))) return null
  const existing = () => db.selectFrom('ebooks').select('id').where('journal_id', '=', journalId).where('student_id', '=', studentId).executeTakeFirst()
  const found = await existing()
  if (found) return found.id
  const at = nowIso()
  await db
    .insertInto('ebooks')
    .values({ journal_id: journalId, student_id: studentId, made_by: who.userId, made_as: who.kind, created_at: at, edited_at: at, generated_at: null })
    .onConflict((oc) => oc.columns(['journal_id', 'student_id']).doNothing())
    .execute()
  return (await existing())!.id
}

/** A book this person may open (the journal's teachers, the student); null for anyone else or none. */
export async function bookFor(db: DB, bookId: number, who: Maker) {
  const book = await db
    .selectFrom('ebooks as b')
    .innerJoin('journals as j', 'j.id', 'b.journal_id')
    .innerJoin('users as s', 's.id', 'b.student_id')
    .select((eb) => ['b.id', 'b.journal_id as journalId', 'b.student_id as studentId', 'b.name', 'b.about_author as aboutAuthor', 'b.thanks', 'b.postscript', 'b.message_board as messageBoard', 'b.edited_at as editedAt', 'j.name as journal', 'j.speech_lang as lang', eb.fn.coalesce('s.name', 's.account').as('student')])
    .where('b.id', '=', bookId)
    .executeTakeFirst()
  if (!book || !(await mayMake(db, book.journalId, book.studentId, who))) return null
  return book
}
export type Book = NonNullable<Awaited<ReturnType<typeof bookFor>>>

/** Whether a book of that id exists: to tell a refusal (403) from nothing there (404). A closed student's book is not there (rule 12). */
export async function bookExists(db: DB, bookId: number) {
  return Boolean(await db.selectFrom('ebooks as b').select('b.id').where('b.id', '=', bookId).where(studentDataOpen('b.student_id')).executeTakeFirst())
}

/** A book's name, for a page that shows the book to someone who is not its maker (a share link). */
export async function bookName(db: DB, bookId: number) {
  const book = await db.selectFrom('ebooks').select('name').where('id', '=', bookId).executeTakeFirstOrThrow()
  return book.name
}

/** Step 1: the student's published posts of the journal with their frames, the chosen ones in book order, and the limits. */
export async function postChoices(db: DB, book: Book) {
  const [posts, chosen] = await Promise.all([
    db.selectFrom('posts').select(['id', 'title', 'diary_date as diaryDate']).where('journal_id', '=', book.journalId).where('creator_id', '=', book.studentId).where('status', '=', POST_STATUS.published).orderBy('diary_date').orderBy('id').execute(),
    db.selectFrom('ebook_posts').select('post_id').where('ebook_id', '=', book.id).orderBy('position').execute(),
  ])
  const frames = await postFrames(db, posts.map((p) => p.id))
  return { journalName: book.journal, studentName: book.student, posts: posts.map((p) => ({ ...p, frames: frames.get(p.id) ?? [] })), chosen: chosen.map((c) => c.post_id), ...EBOOK_POSTS }
}

export type SelectionResult = { ok: true } | { ok: false; error: 'ebook.tooFew' | 'ebook.tooMany' | 'ebook.notTheirs' }

/** Saves the chosen posts (the student's own, published, in this journal), in diary order; the page list follows (new pages in `design`). */
export async function choosePosts(db: DB, book: Book, postIds: number[], design = DEFAULT_DESIGN): Promise<SelectionResult> {
  const ids = [...new Set(postIds)]
  if (ids.length < EBOOK_POSTS.min) return { ok: false, error: 'ebook.tooFew' }
  if (ids.length > EBOOK_POSTS.max) return { ok: false, error: 'ebook.tooMany' }
  const own = await db.selectFrom('posts').select('id').where('id', 'in', ids).where('journal_id', '=', book.journalId).where('creator_id', '=', book.studentId).where('status', '=', POST_STATUS.published).orderBy('diary_date').orderBy('id').execute()
  if (own.length !== ids.length) return { ok: false, error: 'ebook.notTheirs' }
  await inTransaction(db, async (trx) => {
    await trx.deleteFrom('ebook_posts').where('ebook_id', '=', book.id).execute()
    await trx.insertInto('ebook_posts').values(own.map((p, position) => ({ ebook_id: book.id, post_id: p.id, position }))).execute()
    await trx.updateTable('ebooks').set({ edited_at: nowIso() }).where('id', '=', book.id).execute()
  })
  await buildPages(db, book.id, design)
  // The message board holds the comments of the chosen posts.
  await redrawBookPages(db, book.id, 'board')
  return { ok: true }
}

/** The pages that show the book's own texts (not a post's) are drawn again; `only` narrows it to the board. */
async function redrawBookPages(db: DB, bookId: number, only?: 'board') {
  let q = db.updateTable('ebook_pages').set({ picture: null, updated_at: nowIso() }).where('ebook_id', '=', bookId).where('post_id', 'is', null)
  if (only) q = q.where('template_id', 'like', '%-board')
  await q.execute()
}

/** Step 2: the book's texts; the pages that show them are drawn again. */
export async function saveBasicInfo(db: DB, book: Book, info: BasicInfo) {
  await db
    .updateTable('ebooks')
    .set({ name: info.name, about_author: info.aboutAuthor, thanks: info.thanks, postscript: info.postscript, message_board: info.messageBoard ? 1 : 0, edited_at: nowIso() })
    .where('id', '=', book.id)
    .execute()
  await buildPages(db, book.id)
  await redrawBookPages(db, book.id)
}

/** A post's frames as a book shows them: each frame with text or a picture, at most four. */
async function postFrames(db: DB, postIds: number[]) {
  if (postIds.length === 0) return new Map<number, { text: string; picture: string | null }[]>()
  const frames = await db.selectFrom('post_frames').select(['post_id', 'message', 'img_url']).where('post_id', 'in', postIds).orderBy('position').execute()
  const byPost = new Map<number, { text: string; picture: string | null }[]>()
  for (const f of frames) {
    if (!f.message.trim() && !f.img_url) continue
    byPost.set(f.post_id, [...(byPost.get(f.post_id) ?? []), { text: f.message, picture: f.img_url }].slice(0, 4))
  }
  return byPost
}

/**
 * The page list in book order: the cover, about the author, a diary page a chosen post (then the
 * pages added for it), the message board when it is on, the epilogue. A page that stays keeps its
 * template and edits; a new page takes `design`'s template (a post's, for its number of frames).
 */
export async function buildPages(db: DB, bookId: number, design = DEFAULT_DESIGN) {
  const book = await db.selectFrom('ebooks').select(['id', 'message_board']).where('id', '=', bookId).executeTakeFirstOrThrow()
  const posts = (await db.selectFrom('ebook_posts').select('post_id').where('ebook_id', '=', bookId).orderBy('position').execute()).map((p) => p.post_id)
  const frames = await postFrames(db, posts)
  await inTransaction(db, async (trx) => {
    const existing = await trx.selectFrom('ebook_pages').select(['id', 'type', 'post_id', 'template_id']).where('ebook_id', '=', bookId).orderBy('position').execute()
    // A post's first page is its diary page; any later one was added for it ("add page").
    const added = new Map<number, number[]>()
    const kept = new Map<string, number>()
    for (const p of existing) {
      const key = p.post_id !== null ? `post:${p.post_id}` : templateKind(p.template_id)
      if (!kept.has(key)) kept.set(key, p.id)
      else if (p.post_id !== null) added.set(p.post_id, [...(added.get(p.post_id) ?? []), p.id])
    }
    const wanted: { key: string; type: PageType; postId: number | null; templateId: string }[] = [
      { key: 'cover', type: '1', postId: null, templateId: `${design}-cover` },
      { key: 'author', type: '3', postId: null, templateId: `${design}-author` },
      ...posts.map((postId) => ({ key: `post:${postId}`, type: '2' as const, postId, templateId: `${design}-diary-${Math.min(4, Math.max(1, frames.get(postId)?.length ?? 1))}` })),
      ...(book.message_board ? [{ key: 'board', type: '4' as const, postId: null, templateId: `${design}-board` }] : []),
      { key: 'epilogue', type: '4', postId: null, templateId: `${design}-epilogue` },
    ]
    const at = nowIso()
    const stays = new Set<number>()
    let position = 0
    for (const w of wanted) {
      const id = kept.get(w.key)
      if (id !== undefined) await trx.updateTable('ebook_pages').set({ position: position++ }).where('id', '=', id).execute()
      else await trx.insertInto('ebook_pages').values({ ebook_id: bookId, position: position++, type: w.type, post_id: w.postId, template_id: w.templateId, template: null, picture: null, updated_at: at }).execute()
      if (id !== undefined) stays.add(id)
      for (const extra of w.postId === null ? [] : (added.get(w.postId) ?? [])) {
        await trx.updateTable('ebook_pages').set({ position: position++ }).where('id', '=', extra).execute()
        stays.add(extra)
      }
    }
    const gone = existing.filter((p) => !stays.has(p.id)).map((p) => p.id)
    if (gone.length) await trx.deleteFrom('ebook_pages').where('id', 'in', gone).execute()
  })
}

/** The pages in book order, each with its post's title and whether its picture exists. */
export async function pagesOf(db: DB, bookId: number) {
  const pages = await db
    .selectFrom('ebook_pages as g')
    .leftJoin('posts as p', 'p.id', 'g.post_id')
    .select(['g.id', 'g.position', 'g.type', 'g.post_id as postId', 'p.title as postTitle', 'g.template_id as templateId', 'g.updated_at as updatedAt', (eb) => eb('g.picture', 'is not', null).as('drawn')])
    .where('g.ebook_id', '=', bookId)
    .orderBy('g.position')
    .execute()
  return pages.map((p) => ({ ...p, drawn: Boolean(p.drawn) }))
}

/** What keeps a book from printing: its basic info, or a page (no cover, a picture not drawn yet). */
export type PrintBlock = 'basicInfo' | 'pages'

/**
 * Ready to print (spec 3): a cover exists and every page has its picture, and (decision 0044) the basic
 * info that step 2 requires is there, checked by step 2's own schema: without it the cover, the
 * author page and the epilogue would print blank. Null when the book may print.
 */
export function printBlock(book: Pick<Book, 'name' | 'aboutAuthor' | 'thanks' | 'postscript'>, pages: { type: string; drawn: boolean }[]): PrintBlock | null {
  if (!BasicInfoSchema.safeParse({ name: book.name, aboutAuthor: book.aboutAuthor, thanks: book.thanks, postscript: book.postscript }).success) return 'basicInfo'
  return pages.some((p) => p.type === '1') && pages.every((p) => p.drawn) ? null : 'pages'
}

/** The template a page is drawn with: its edited copy, or the built-in one. */
export const pageTemplate = (page: { template: string | null; template_id: string }): Template | null => (page.template ? (JSON.parse(page.template) as Template) : templateById(page.template_id))

const bookLang = (lang: string): BookLang => (lang === 'ja' ? 'ja' : lang === 'zh-TW' || lang === 'zh' ? 'zh-TW' : 'en')

/** What a book's pages are filled with: its texts, the teachers' comments on its posts, and each post. */
export async function fillDataOf(db: DB, bookId: number) {
  const book = await db
    .selectFrom('ebooks as b')
    .innerJoin('journals as j', 'j.id', 'b.journal_id')
    .innerJoin('users as s', 's.id', 'b.student_id')
    .select((eb) => ['b.name', 'b.about_author', 'b.thanks', 'b.postscript', 'j.name as journal', 'j.speech_lang as lang', eb.fn.coalesce('s.name', 's.account').as('student')])
    .where('b.id', '=', bookId)
    .executeTakeFirstOrThrow()
  const postIds = (await db.selectFrom('ebook_posts').select('post_id').where('ebook_id', '=', bookId).execute()).map((p) => p.post_id)
  const [posts, frames, feelings, comments] = await Promise.all([
    postIds.length ? db.selectFrom('posts').select(['id', 'title', 'diary_date']).where('id', 'in', postIds).execute() : [],
    postFrames(db, postIds),
    postIds.length ? db.selectFrom('post_emotions').select(['post_id', 'emotion_code']).where('post_id', 'in', postIds).execute() : [],
    postIds.length
      ? db
          .selectFrom('comments as c')
          .innerJoin('users as u', 'u.id', 'c.author_id')
          .innerJoin('posts as p', 'p.id', 'c.post_id')
          .select((eb) => ['c.comment', 'p.title', eb.fn.coalesce('u.name', 'u.account').as('author')])
          .where('c.post_id', 'in', postIds)
          .where('c.status', '=', COMMENT_STATUS.visible)
          .where('c.msg_id', 'is', null)
          .orderBy('p.diary_date')
          .orderBy('c.created_at')
          .execute()
      : [],
  ])
  const base: FillData = {
    book: { name: book.name, author: book.student, journal: book.journal, aboutAuthor: book.about_author, thanks: book.thanks, postscript: book.postscript },
    board: { comments: comments.map((c) => ({ author: c.author, text: c.comment, post: c.title })) },
  }
  const postData = new Map(posts.map((p) => [p.id, { title: p.title, date: p.diary_date, feelings: feelings.filter((f) => f.post_id === p.id).map((f) => f.emotion_code), frames: frames.get(p.id) ?? [] }]))
  return { base, postData, lang: bookLang(book.lang) }
}

/** The pictures a page's items show, read from the stored post pictures and the book's images. */
export async function picturesFor(db: DB, bookId: number, urls: string[]) {
  const postIds = urls.filter((u) => u.startsWith('/pictures/')).map((u) => u.slice('/pictures/'.length))
  const bookIds = urls.filter((u) => u.startsWith(`/ebook/${bookId}/image/`)).map((u) => u.split('/').pop()!)
  const [postPictures, bookImages] = await Promise.all([
    postIds.length ? db.selectFrom('post_pictures').select(['id', 'data']).where('id', 'in', postIds).execute() : [],
    bookIds.length ? db.selectFrom('ebook_images').select(['id', 'data']).where('ebook_id', '=', bookId).where('id', 'in', bookIds).execute() : [],
  ])
  return new Map<string, Buffer>([...postPictures.map((p) => [`/pictures/${p.id}`, Buffer.from(p.data)] as const), ...bookImages.map((p) => [`/ebook/${bookId}/image/${p.id}`, Buffer.from(p.data)] as const)])
}

/**
 * Draws every page still without its picture (in book order) and stores it. The feelings are
 * named in the book's language by the caller's `feelingName`; `onPage` hears of each page drawn.
 */
export async function drawPendingPages(db: DB, bookId: number, feelingName: (code: string, lang: BookLang) => string, onPage?: () => Promise<unknown>) {
  const pending = await db.selectFrom('ebook_pages').select(['id', 'post_id', 'template', 'template_id', 'updated_at']).where('ebook_id', '=', bookId).where('picture', 'is', null).orderBy('position').execute()
  if (pending.length === 0) return 0
  const { base, postData, lang } = await fillDataOf(db, bookId)
  for (const page of pending) {
    const template = pageTemplate(page)
    if (!template) continue
    const post = page.post_id === null ? undefined : postData.get(page.post_id)
    const items = bindItems(template, { ...base, post: post && { ...post, feelings: post.feelings.map((c) => feelingName(c, lang)) } })
    const urls = items.filter((i) => i.type === 'pic' && i.img_url).map((i) => i.img_url!)
    const svg = await renderPageSvg(items, lang, await picturesFor(db, bookId, urls))
    // Stored only if the page did not change meanwhile (a save sets a new time): a picture is never older than its page.
    await db.updateTable('ebook_pages').set({ picture: svg }).where('id', '=', page.id).where('picture', 'is', null).where('updated_at', '=', page.updated_at).execute()
    await onPage?.()
  }
  return pending.length
}
