import type { Route } from './+types/picture'
import { getSession } from '~/auth/session.server'
import { db } from '~/db/db.server'
import { pictureForReader } from '~/features/counsellor/pictures.server'

/**
 * /pictures/{id}: a post's picture, for the student who sent it or a teacher who may read the post
 * (404 for anyone else). The id is random and the bytes never change, so the browser keeps it.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const session = await getSession(request, context)
  const studentId = session.get('studentId')
  const teacherId = session.get('userId')
  const picture = await pictureForReader(db, params.id, { studentId: typeof studentId === 'number' ? studentId : undefined, teacherId: typeof teacherId === 'number' ? teacherId : undefined })
  if (!picture) return new Response(null, { status: 404 })
  return new Response(new Uint8Array(picture.data), {
    headers: { 'Content-Type': picture.contentType, 'Cache-Control': 'private, max-age=31536000, immutable', 'X-Content-Type-Options': 'nosniff' },
  })
}
