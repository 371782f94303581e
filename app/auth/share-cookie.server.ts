import { createCookie } from 'react-router'
import { env } from '~/env.server'
import { isHttps } from './cookies.server'

/** The share links this browser has unlocked with their password, for a day (signed; only for /ebook/share). */
const unlocked = createCookie('__ebook_shares', { httpOnly: true, sameSite: 'lax', path: '/ebook/share', secrets: [env.SESSION_SECRET], maxAge: 24 * 3600 })

export async function unlockedShares(request: Request): Promise<string[]> {
  const value: unknown = await unlocked.parse(request.headers.get('Cookie'))
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []
}

export async function rememberUnlocked(request: Request, token: string) {
  return unlocked.serialize([token, ...(await unlockedShares(request)).filter((t) => t !== token)].slice(0, 20), { secure: isHttps(request) })
}
