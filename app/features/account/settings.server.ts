import { randomUUID } from 'node:crypto'
import { loadSharp } from '~/sharp.server'
import type { DB } from '~/db/connect.server'
import { nowIso } from '~/db/time'
import type { Locale } from '~/i18n/config'
import { accountIs, normalizeAccount } from '~/features/auth/accounts.server'
import { AUTH_CODES } from '~/features/auth/codes'
import { hashPassword, verifyPassword } from '~/features/auth/password.server'

/** Avatars (spec 1 section 5): PNG or JPEG by content, at most 5 MB, stored as a 200x200 square. */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024
export const AVATAR_SIZE = 200
const AVATAR_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/** The user-info call of the settings page (spec 1 section 3). */
export async function userSettingsOf(db: DB, userId: number) {
  const user = await db
    .selectFrom('users as u')
    .leftJoin('credentials as c', 'c.user_id', 'u.id')
    .select(['u.account', 'u.name', 'u.nickname', 'u.gender', 'u.birthday', 'u.avatar_url', 'u.email', 'u.email_verified', 'u.locale', 'u.digest_mail', 'c.user_id as hasPassword'])
    .where('u.id', '=', userId)
    .executeTakeFirstOrThrow()
  return {
    account: user.account,
    name: user.name ?? '',
    nickname: user.nickname ?? '',
    gender: user.gender,
    birthday: user.birthday,
    avatarUrl: user.avatar_url,
    email: user.email_verified ? user.email : null,
    locale: user.locale,
    isPasswordEmpty: user.hasPassword === null,
    digestMail: user.digest_mail === 1,
  }
}

/** Digests by e-mail (decision 0037): only to a verified address; false when there is none. */
export async function saveDigestMail(db: DB, userId: number, on: boolean) {
  const r = await db.updateTable('users').set({ digest_mail: on ? 1 : 0 }).where('id', '=', userId).$if(on, (q) => q.where('email_verified', '=', 1).where('email', 'is not', null)).executeTakeFirst()
  return Number(r.numUpdatedRows) === 1
}

export async function saveProfile(db: DB, userId: number, input: { name: string; nickname: string; birthday: string | null; gender: 'm' | 'f' }) {
  await db
    .updateTable('users')
    .set({ name: input.name.trim(), nickname: input.nickname.trim() || null, birthday: input.birthday, gender: input.gender })
    .where('id', '=', userId)
    .execute()
}

export async function saveLocale(db: DB, userId: number, locale: Locale) {
  await db.updateTable('users').set({ locale }).where('id', '=', userId).execute()
}

export type AccountChange = 'ok' | 'wrongPassword' | typeof AUTH_CODES.accountExists

/**
 * Account and password: the current password is asked for unless the account has none yet (made
 * through Google or the education cloud). A new account name must be free (-01001).
 */
export async function changeAccountAndPassword(
  db: DB,
  userId: number,
  input: { account: string; currentPassword?: string; password?: string },
): Promise<AccountChange> {
  const row = await db
    .selectFrom('users as u')
    .leftJoin('credentials as c', 'c.user_id', 'u.id')
    .select(['u.account', 'c.password_hash'])
    .where('u.id', '=', userId)
    .executeTakeFirstOrThrow()
  if (row.password_hash && !(await verifyPassword(row.password_hash, input.currentPassword ?? ''))) return 'wrongPassword'
  const account = normalizeAccount(input.account)
  const passwordHash = input.password ? await hashPassword(input.password) : null
  try {
    return await db.transaction().execute(async (trx) => {
      if (account !== row.account) {
        const taken = await trx.selectFrom('users').select('id').where(accountIs(account)).where('id', '!=', userId).executeTakeFirst()
        if (taken) return AUTH_CODES.accountExists
        await trx.updateTable('users').set({ account }).where('id', '=', userId).execute()
      }
      if (passwordHash) {
        const now = nowIso()
        const updated = await trx.updateTable('credentials').set({ password_hash: passwordHash, updated_at: now }).where('user_id', '=', userId).executeTakeFirst()
        if (!Number(updated.numUpdatedRows)) await trx.insertInto('credentials').values({ user_id: userId, password_hash: passwordHash, updated_at: now }).execute()
      }
      return 'ok' as const
    })
  } catch (error) {
    // Two users taking the same new name at once: the unique index refuses the second.
    const taken = await db.selectFrom('users').select('id').where(accountIs(account)).where('id', '!=', userId).executeTakeFirst()
    if (taken) return AUTH_CODES.accountExists
    throw error
  }
}

export type AvatarResult = { ok: true; url: string } | { ok: false; error: 'settings.avatarTooBig' | 'settings.avatarType' }

/**
 * A new avatar: PNG or JPEG by its content, whatever the file is called; cut to the square chosen
 * in the browser's crop (in the picture's pixels) or, without one, the centred square; stored as a
 * 200x200 WebP without metadata.
 */
export async function saveAvatar(db: DB, userId: number, file: File, crop: { x: number; y: number; size: number } | null): Promise<AvatarResult> {
  const sharp = await loadSharp()
  if (file.size > AVATAR_MAX_BYTES) return { ok: false, error: 'settings.avatarTooBig' }
  const input = Buffer.from(await file.arrayBuffer())
  let data: Buffer
  try {
    const meta = await sharp(input).metadata()
    if (meta.format !== 'png' && meta.format !== 'jpeg') return { ok: false, error: 'settings.avatarType' }
    // Upright first, so the crop's coordinates match what the browser showed.
    const upright = await sharp(input).rotate().toBuffer({ resolveWithObject: true })
    const { width, height } = upright.info
    const side = Math.min(width, height)
    const region =
      crop && crop.size >= 1
        ? { left: clamp(Math.round(crop.x), 0, width - 1), top: clamp(Math.round(crop.y), 0, height - 1), width: 0, height: 0 }
        : { left: Math.floor((width - side) / 2), top: Math.floor((height - side) / 2), width: side, height: side }
    if (crop && crop.size >= 1) {
      const size = clamp(Math.round(crop.size), 1, Math.min(width - region.left, height - region.top))
      region.width = size
      region.height = size
    }
    data = await sharp(upright.data).extract(region).resize(AVATAR_SIZE, AVATAR_SIZE).webp({ quality: 85 }).toBuffer()
  } catch {
    return { ok: false, error: 'settings.avatarType' }
  }
  const id = randomUUID()
  const url = `/avatars/${id}`
  await db.transaction().execute(async (trx) => {
    // The old picture goes: a user has one avatar.
    await trx.deleteFrom('avatars').where('user_id', '=', userId).execute()
    await trx.insertInto('avatars').values({ id, user_id: userId, data, created_at: nowIso() }).execute()
    await trx.updateTable('users').set({ avatar_url: url }).where('id', '=', userId).execute()
  })
  return { ok: true, url }
}

const clamp = (v: number, min: number, max: number) => Math.min(Math.max(v, min), max)

/** An avatar's bytes; ids are random, so an avatar is seen only by whoever was shown its address. */
export async function avatarData(db: DB, rawId: string | undefined) {
  if (!rawId || !AVATAR_ID.test(rawId)) return null
  const row = await db.selectFrom('avatars').select('data').where('id', '=', rawId).executeTakeFirst()
  return row?.data ?? null
}
