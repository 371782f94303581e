import { data } from 'react-router'
import { db } from '~/db/db.server'
import { sharedBook } from '~/features/ebooks/share.server'
import { unlockedShares } from './share-cookie.server'

/**
 * The book behind a share link for a visitor (issue 24): a stopped or unknown link is a 404; a link
 * with a password is open once this browser gave it (`locked` otherwise).
 */
export async function requireSharedBook(request: Request, token: string) {
  const link = await sharedBook(db, token)
  if (!link) throw data(null, { status: 404 })
  const locked = link.passwordHash !== null && !(await unlockedShares(request)).includes(token)
  return { ...link, token, locked }
}
