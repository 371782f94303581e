import { createCookie } from 'react-router'
import { env } from '~/env.server'

/** The family links this browser unlocked with their password, for a day (signed; only for /family). */
const unlocked = createCookie('__family_links', { httpOnly: true, sameSite: 'lax', path: '/family', secrets: [env.SESSION_SECRET], maxAge: 24 * 3600 })

export async function unlockedPacks(request: Request): Promise<string[]> {
  const value: unknown = await unlocked.parse(request.headers.get('Cookie'))
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []
}

export async function rememberUnlockedPack(request: Request, token: string) {
  const secure = new URL(request.url).protocol === 'https:'
  return unlocked.serialize([token, ...(await unlockedPacks(request)).filter((t) => t !== token)].slice(0, 20), { secure })
}
