import type { DB } from '~/db/connect.server'
import { createPost } from '~/features/students/posts.server'

/** A student's post for the tests: what the student's post form sends. */
export type PostInput = Parameters<typeof createPost>[3]

/** A post as a student writes it: a calm day unless the test says otherwise (title, day, words, feelings). */
export const postInput = (over: Partial<PostInput> = {}): PostInput => ({ title: 'A day', diaryDate: new Date().toISOString().slice(0, 10), event: 'We played outside.', emotions: ['3'], behaviour: '9', behaviourText: '', ...over })

/** A post written by a student in a journal, as the student's post form writes it: its id. */
export const writePost = (db: DB, studentId: number, journalId: number, over: Partial<PostInput> = {}) => createPost(db, studentId, journalId, postInput(over))
