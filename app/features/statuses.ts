/**
 * The stored statuses that areas below journals and posts read too (the notifications tell a
 * journal's accepted teachers, and of a visible comment only): named here, once, below every area;
 * journals/constants.ts and posts/constants.ts hand them on with their other constants.
 */
/** A journal membership's status (the spec's `journal_members.drp_status`): a teacher's request waits, or is accepted (a student's is accepted when they join). */
export const MEMBERSHIP_STATUS = { pending: 0, approved: 1 } as const
/** A post's status: published, or sent back to the student to revise. */
export const POST_STATUS = { published: 1, sentBack: 4 } as const
/** A comment's status: shown, or held back by the word filter. */
export const COMMENT_STATUS = { visible: 1, filtered: 2 } as const
