import { createCookie } from 'react-router'
import { env } from '~/env.server'

/** Whether the request came over HTTPS: every cookie the console sets is then Secure. */
export const isHttps = (request: Request) => new URL(request.url).protocol === 'https:'

/**
 * A signed cookie that keeps, for an hour, the page someone wanted before a sign-in sent them
 * elsewhere: the console's and student pages' (`__wanted`), the e-book's (`__ebook_wanted`). What it
 * holds is read as it came: the caller keeps only a local path.
 */
export function wantedPathCookie(name: string) {
  const cookie = createCookie(name, { httpOnly: true, sameSite: 'lax', path: '/', secrets: [env.SESSION_SECRET], maxAge: 3600 })
  return {
    /** Set-Cookie that keeps the path. */
    remember: (request: Request, path: string) => cookie.serialize(path, { secure: isHttps(request) }),
    read: async (request: Request): Promise<unknown> => cookie.parse(request.headers.get('Cookie')),
    /** Set-Cookie that removes it. */
    clear: () => cookie.serialize('', { maxAge: 0 }),
  }
}
