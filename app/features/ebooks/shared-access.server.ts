import { data } from 'react-router'
import { db } from '~/db/db.server'
import { sharedBook } from './share.server'
import { unlockedShares } from './share-cookie.server'

/**
 * The book behind a share link for a visitor (issue 24): a stopped or unknown link is a 404; a link
 * with a password is open once this browser gave it (`locked` otherwise).
 */
export async function requireSharedBook(request: Request, token: string) {
  const link = await sharedBook(db, token)
  if (!link) throw data(null, { status: 404 })
  // Past its day (issue 36): the page says so; the files are not sent.
  if (link.expired) throw data({ expired: true }, { status: 410 })
  // A teacher's link the student has not agreed to (issue 36): closed, and the page says why.
  if (link.closed) throw data({ consent: link.closed }, { status: 403 })
  const locked = link.passwordHash !== null && !(await unlockedShares(request)).includes(token)
  return { ...link, token, locked }
}
