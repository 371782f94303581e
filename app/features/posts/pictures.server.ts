import { randomUUID } from 'node:crypto'
import { sql, type ExpressionBuilder } from 'kysely'
import type { OutputInfo } from 'sharp'
import { loadSharp } from '~/sharp.server'
import type { DB } from '~/db/connect.server'
import type { Database } from '~/db/schema'
import { nowIso } from '~/db/time'
import { requireJournal } from '~/features/journals/access.server'
import { studentDataOpen } from '~/features/student-door.server'

/** A post's picture (decision 0017): at most 5 MB as sent, PNG, JPEG or WebP by content (never by name). */
export const PICTURE_MAX_BYTES = 5 * 1024 * 1024
const ACCEPTED_FORMATS = new Set(['png', 'jpeg', 'webp'])
// Big enough for a phone photo on a class screen, small enough for a school network.
const STORED_SIZE = 1280
const ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

export const pictureUrl = (id: string) => `/pictures/${id}`
const idOfUrl = (url: string | null | undefined) => {
  const id = url?.startsWith('/pictures/') ? url.slice('/pictures/'.length) : null
  return id && ID_PATTERN.test(id) ? id : null
}

export type PictureResult = { ok: true; url: string } | { ok: false; error: 'write.pictureTooBig' | 'write.pictureType' }

/**
 * Checks a chosen picture and stores it re-encoded as WebP: turned upright, at most 1280 px a side,
 * and without its metadata (a phone photo's EXIF can hold where it was taken). What is not a PNG,
 * JPEG or WebP image, whatever its name, is refused.
 *
 * `replacing` is the picture the same form kept from a refused try: a form waits with one picture.
 * The same file sent again (a browser keeps the chosen file when the server refuses the form) is
 * that picture, nothing new is stored; another file takes its place and the kept one goes, unless
 * a post shows it.
 */
export async function storePicture(db: DB, ownerId: number, file: File, replacing: string | null = null): Promise<PictureResult> {
  const sharp = await loadSharp()
  if (file.size > PICTURE_MAX_BYTES) return { ok: false, error: 'write.pictureTooBig' }
  const input = Buffer.from(await file.arrayBuffer())
  let stored: { data: Buffer; info: OutputInfo }
  try {
    const { format } = await sharp(input).metadata()
    if (!format || !ACCEPTED_FORMATS.has(format)) return { ok: false, error: 'write.pictureType' }
    stored = await sharp(input).rotate().resize({ width: STORED_SIZE, height: STORED_SIZE, fit: 'inside', withoutEnlargement: true }).webp({ quality: 80 }).toBuffer({ resolveWithObject: true })
  } catch {
    return { ok: false, error: 'write.pictureType' }
  }
  const keptId = idOfUrl(replacing)
  if (keptId) {
    // The encoding is deterministic: the same file gives the same bytes.
    const kept = await db.selectFrom('post_pictures').select('data').where('id', '=', keptId).where('owner_id', '=', ownerId).executeTakeFirst()
    if (kept && Buffer.from(kept.data).equals(stored.data)) return { ok: true, url: pictureUrl(keptId) }
  }
  const id = randomUUID()
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('post_pictures').values({ id, owner_id: ownerId, content_type: 'image/webp', data: stored.data, width: stored.info.width, height: stored.info.height, created_at: nowIso() }).execute()
    if (keptId) await trx.deleteFrom('post_pictures').where('id', '=', keptId).where('owner_id', '=', ownerId).where(shownByNoPost).execute()
  })
  // Now and then, the pictures no post took up (a form refused and never sent again) go.
  if (Math.random() < 0.05) await sweepUnusedPictures(db)
  return { ok: true, url: pictureUrl(id) }
}

/** How long a stored picture waits for its post: a refused form keeps it for the next try. */
export const UNUSED_PICTURE_TTL_MS = 24 * 3_600_000

/** A picture no post's frame shows: one a form kept, or one left behind. */
const shownByNoPost = (eb: ExpressionBuilder<Database, 'post_pictures'>) =>
  eb.not(eb.exists(eb.selectFrom('post_frames as f').select('f.id').where(sql<boolean>`f.img_url = '/pictures/' || post_pictures.id`)))

/** Removes pictures that no post's frame shows and that waited longer than a day. */
export async function sweepUnusedPictures(db: DB, at = new Date()) {
  const before = new Date(at.getTime() - UNUSED_PICTURE_TTL_MS).toISOString()
  const result = await db.deleteFrom('post_pictures').where('created_at', '<', before).where(shownByNoPost).executeTakeFirst()
  return Number(result.numDeletedRows)
}

/** A picture the student stored earlier (kept across a refused form): only their own. */
export async function ownPictureUrl(db: DB, ownerId: number, url: string | null | undefined) {
  const id = idOfUrl(url)
  if (!id) return null
  const found = await db.selectFrom('post_pictures').select('id').where('id', '=', id).where('owner_id', '=', ownerId).executeTakeFirst()
  return found ? pictureUrl(found.id) : null
}

/**
 * A picture for whoever asks: the student who sent it, or a teacher who may read a post that
 * shows it, or one `alsoFor` lets see a post of another's journal (a counsellor: counsellor/pictures.server.ts).
 * Anyone else gets nothing (the caller answers 404, so a picture's existence is not told).
 */
export async function pictureFor(db: DB, rawId: string | undefined, reader: { studentId?: number; teacherId?: number }, alsoFor?: (teacherId: number, postId: number, journalId: number) => Promise<boolean>) {
  const id = rawId && ID_PATTERN.test(rawId) ? rawId : null
  if (!id) return null
  // Rule 12: the picture of a student whose erasure waits, or whose account is locked, is not there.
  const picture = await db.selectFrom('post_pictures as pp').select(['pp.owner_id as ownerId', 'pp.content_type as contentType', 'pp.data']).where('pp.id', '=', id).where(studentDataOpen('pp.owner_id')).executeTakeFirst()
  if (!picture) return null
  if (reader.studentId !== undefined && reader.studentId === picture.ownerId) return picture
  if (reader.teacherId === undefined) return null
  const posts = await db
    .selectFrom('post_frames as f')
    .innerJoin('posts as p', 'p.id', 'f.post_id')
    .select(['p.journal_id as journalId', 'p.id as postId'])
    .where('f.img_url', '=', pictureUrl(id))
    .execute()
  for (const { journalId, postId } of posts) {
    try {
      await requireJournal(db, String(journalId), reader.teacherId)
      return picture
    } catch {
      // not this teacher's journal: maybe a post they may see all the same
      if (alsoFor && (await alsoFor(reader.teacherId, postId, journalId))) return picture
    }
  }
  return null
}

/** The stored bytes of a picture URL, for the post image export. */
export async function pictureBytes(db: DB, url: string | null | undefined) {
  const id = idOfUrl(url)
  if (!id) return null
  return (await db.selectFrom('post_pictures').select('data').where('id', '=', id).executeTakeFirst())?.data ?? null
}

/**
 * The picture of a student's post form: a newly chosen file (checked and stored in place of the one
 * the form kept), else the one kept from an earlier try that the server refused for another field,
 * else none.
 */
export async function pictureFromForm(db: DB, ownerId: number, form: FormData): Promise<{ url: string | null; error?: Extract<PictureResult, { ok: false }>['error'] }> {
  const chosen = form.get('picture')
  const kept = await ownPictureUrl(db, ownerId, String(form.get('keptPicture') ?? ''))
  if (!(chosen instanceof File) || chosen.size === 0) return { url: kept }
  const stored = await storePicture(db, ownerId, chosen, kept)
  return stored.ok ? { url: stored.url } : { url: kept, error: stored.error }
}
