import type { DB } from '~/db/connect.server'
import { pictureFor } from '~/features/posts/pictures.server'
import { counselsPost } from './access.server'

/**
 * A post's picture for whoever asks (posts/pictures.server.ts): the student who sent it, a teacher
 * who may read a post that shows it, and a counsellor, the pictures of the posts an alert escalated
 * to them cites (decision 0046).
 */
export const pictureForReader = (db: DB, rawId: string | undefined, reader: { studentId?: number; teacherId?: number }) =>
  pictureFor(db, rawId, reader, (teacherId, postId, journalId) => counselsPost(db, teacherId, postId, journalId))
