import { data } from 'react-router'
import { db } from '~/db/db.server'
import { sharedPack } from './family-pack.server'
import { unlockedPacks } from './pack-cookie.server'

/**
 * The pack behind a family link for a visitor (decision 0047): an unknown token is a 404; the link's
 * state says whether it is open (then `locked` until this browser gives the password).
 */
export async function requireSharedPack(request: Request, token: string) {
  const pack = await sharedPack(db, token)
  if (!pack) throw data(null, { status: 404 })
  const locked = !(await unlockedPacks(request)).includes(token)
  return { ...pack, locked }
}
