/** Journal constants (spec 2 sections 3 and 9). */
export const LABEL_COLORS = [1, 2, 3, 4, 5, 6, 7] as const
export const GRADES = [1, 2, 3, 4, 5, 6, 7, 8, 9] as const
/** Languages of a journal (pronunciation and AI scoring): English, Chinese, Japanese. */
export const SPEECH_LANGS = ['en', 'zh', 'ja'] as const
export type SpeechLang = (typeof SPEECH_LANGS)[number]
export const SHARE_TYPE = { autoSubmit: '2', submitOnClick: '3', quest: '5' } as const
/** Submit modes a teacher picks in the settings form; '5' belongs to quest journals. */
export const SUBMIT_MODES = [SHARE_TYPE.autoSubmit, SHARE_TYPE.submitOnClick] as const
export const SUB_TYPE = { calendar: '0', aiScoringSample: '2', assessment: '6' } as const
/** Whether a journal's sub-type list (a comma string) holds one. */
export const hasSubType = (subType: string, type: (typeof SUB_TYPE)[keyof typeof SUB_TYPE]) => subType.split(',').includes(type)
export const EXPIRE_TYPE = { unlimited: 1, at: 2 } as const
/** Hours of the day a notification goes out; -1 is "immediately" (submit notifications only). */
export const NOTIFY_SUBMIT_TIMES = [-1, 8, 12, 17, 21] as const
export const NOTIFY_TIMES = [8, 12, 17, 21] as const
export { MEMBERSHIP_STATUS } from '~/features/statuses'
/** Join return codes (spec 2 section 8). */
export const JOIN_CODES = { codeError: '-1', joinError: '-2' } as const
/** How long a generated student invite code works (the spec leaves it open; decision 0008). */
export const INVITE_CODE_DAYS = 7

/**
 * How many invitation mails a teacher may send (said in the form): the forgotten-password mail's
 * kind of limit, per journal and per sender, since each mail goes to an address the sender typed.
 */
export const INVITE_MAIL_LIMITS = { perJournalPerHour: 10, perSenderPerDay: 30 } as const

/** "Recent posters" count each student's posts of the last RECENT_POSTER_DAYS days, and say so (decision 0044). */
export const RECENT_POSTER_DAYS = 30
