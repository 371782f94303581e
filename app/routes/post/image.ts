import { data, redirect } from 'react-router'
import type { Route } from './+types/image'
import { requireJournalReader } from '~/auth/guards.server'
import { db } from '~/db/db.server'
import { isComposeType } from '~/features/posts/compose-types'
import { imageFileName, renderPostImage } from '~/features/posts/post-image.server'
import { pictureBytes } from '~/features/posts/pictures.server'
import { postForTeacher } from '~/features/posts/post.server'
import { getInstance } from '~/i18n/middleware.server'

/**
 * The post as a PNG (spec 2 image export): ?compose=0 bamboo or 2 block; ?inline=1 for the
 * dialog's preview, otherwise a download named from the title and diary date. A rendering that
 * fails sends the download back to the post with the image-error dialog (-05001).
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { user } = await requireJournalReader(request, context)
  const { post } = await postForTeacher(db, params.postId, user.userId)
  const url = new URL(request.url)
  const compose = url.searchParams.get('compose')
  const inline = url.searchParams.get('inline') === '1'
  // Only the layouts offered; anything else is a bad request, not a failed drawing.
  if (!isComposeType(compose)) throw data(null, { status: 400 })
  let png: Buffer
  try {
    png = await renderPostImage(post, compose, getInstance(context).t, (url) => pictureBytes(db, url))
  } catch (error) {
    console.error('post image failed', post.id, error instanceof Error ? error.message : error)
    if (inline) return new Response(null, { status: 500 })
    return redirect(`/diary/diaryPost/${post.id}?image=error`)
  }
  const name = imageFileName(post)
  return new Response(new Uint8Array(png), {
    headers: {
      'Content-Type': 'image/png',
      'Content-Disposition': `${inline ? 'inline' : 'attachment'}; filename="post.png"; filename*=UTF-8''${encodeURIComponent(name)}`,
      'Cache-Control': 'private, no-store',
    },
  })
}
