import { createCookie, data } from 'react-router'
import { db } from '~/db/db.server'
import { env } from '~/env.server'
import { sharedBook } from '~/features/ebooks/share-links.server'
import { isHttps } from './cookies.server'

/**
 * A visitor's way into a shared book (decision 0040), /ebook/share/{token}: the link, and the cookie
 * that remembers the links this browser has unlocked with their password. Making, stopping and
 * checking links is the e-book feature's (features/ebooks/share-links.server.ts).
 */

/** The share links this browser has unlocked with their password, for a day (signed; only for /ebook/share). */
const unlocked = createCookie('__ebook_shares', { httpOnly: true, sameSite: 'lax', path: '/ebook/share', secrets: [env.SESSION_SECRET], maxAge: 24 * 3600 })

export async function unlockedShares(request: Request): Promise<string[]> {
  const value: unknown = await unlocked.parse(request.headers.get('Cookie'))
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []
}

export async function rememberUnlocked(request: Request, token: string) {
  return unlocked.serialize([token, ...(await unlockedShares(request)).filter((t) => t !== token)].slice(0, 20), { secure: isHttps(request) })
}

/**
 * The book behind a share link for a visitor: a stopped or unknown link is a 404; a link with a
 * password is open once this browser gave it (`locked` otherwise).
 */
export async function requireSharedBook(request: Request, token: string) {
  const link = await sharedBook(db, token)
  if (!link) throw data(null, { status: 404 })
  // Past its day (decision 0047): the page says so; the files are not sent.
  if (link.expired) throw data({ expired: true }, { status: 410 })
  // A teacher's link the student has not agreed to (decision 0047): closed, and the page says why.
  if (link.closed) throw data({ consent: link.closed }, { status: 403 })
  const locked = link.passwordHash !== null && !(await unlockedShares(request)).includes(token)
  return { ...link, token, locked }
}
