import type { Route } from './+types/avatar'
import { db } from '~/db/db.server'
import { avatarData } from '~/features/account/settings.server'

/** /avatars/{id}: a teacher's avatar. A new avatar gets a new id, so the bytes behind one never change. */
export async function loader({ params }: Route.LoaderArgs) {
  const data = await avatarData(db, params.id)
  if (!data) return new Response(null, { status: 404 })
  return new Response(new Uint8Array(data), {
    headers: { 'Content-Type': 'image/webp', 'Cache-Control': 'private, max-age=31536000, immutable', 'X-Content-Type-Options': 'nosniff' },
  })
}
