import type { DB } from '~/db/connect.server'
import { nowIso } from '~/db/time'
import type { Locale } from '~/i18n/config'

/** Canned phrases exist in Chinese and English; a Japanese interface gets the English ones. */
export const cannedLang = (locale: Locale) => (locale === 'zh-TW' ? 'zh' : locale === 'ja' ? 'ja' : 'en')

/** The library of one comment type: the canned phrases in the user's language, then the user's own. */
export async function libraryFor(db: DB, userId: number, type: number, locale: Locale) {
  return db
    .selectFrom('comment_library')
    .select(['id', 'comment', 'is_default as isDefault'])
    .where('revise_type', '=', type)
    .where((eb) => eb.or([eb.and([eb('is_default', '=', 1), eb('lang', '=', cannedLang(locale))]), eb('owner_id', '=', userId)]))
    .orderBy('is_default', 'desc')
    .orderBy('id')
    .execute()
}

export async function addToLibrary(db: DB, userId: number, type: number, comment: string) {
  const exists = await db.selectFrom('comment_library').select('id').where('owner_id', '=', userId).where('revise_type', '=', type).where('comment', '=', comment).executeTakeFirst()
  if (exists) return exists.id
  return (await db.insertInto('comment_library').values({ owner_id: userId, comment, revise_type: type, is_default: 0, lang: null, created_at: nowIso() }).returning('id').executeTakeFirstOrThrow()).id
}

/** A teacher removes their own entries in edit mode; the canned phrases stay. */
export async function removeFromLibrary(db: DB, userId: number, id: number) {
  const r = await db.deleteFrom('comment_library').where('id', '=', id).where('owner_id', '=', userId).executeTakeFirst()
  return Number(r.numDeletedRows) === 1
}
