/** Quest and contest constants (spec 2 sections 6 and 9, spec 3 sections 3 and 9). */
export const PICK_TYPE = { system: 1, teacher: 2, participant: 3 } as const
export const PICK_TYPES = [PICK_TYPE.system, PICK_TYPE.teacher, PICK_TYPE.participant] as const
export const AGE_GROUPS = [0, 1, 2, 3, 4] as const
export const CONTEST_STATUS = { notStarted: 0, running: 1, ended: 2 } as const
export type ContestStatus = (typeof CONTEST_STATUS)[keyof typeof CONTEST_STATUS]
/** The selection's maximum when the contest does not set one. */
export const DEFAULT_QUEST_NUMBER = 3
/** A student with this many posts in the contest wears a medal on the ranking. */
export const MEDAL_POSTS = 30
/** The return codes the pages show on success. */
export const RETURN = { contestSaved: '11000', questDeleted: '06000' } as const
export const QUEST_FRAME_TYPES = ['event', 'story', 'behavior'] as const
export type QuestFrameType = (typeof QUEST_FRAME_TYPES)[number]
/** A quest needs one frame of each type (spec 2: "at least 3 frames"). */
export const MIN_FRAMES = 3
export const BEHAVIOUR_SLOTS = 10
export const QUEST_TITLE_MAX = 50
export const QUEST_DESCRIPTION_MAX = 200
export const FRAME_TITLE_MAX = 100
export const EXAMPLE_MAX = 200
/** Example texts per event or story frame, and per behaviour slot. */
export const EXAMPLES_PER_FRAME = 5
export const QUEST_LANGS = ['en', 'zh', 'ja'] as const

/** A quest's frame with its example texts; a behaviour frame's come as ten lists (one per behaviour). */
export interface QuestFrame {
  type: QuestFrameType
  title: string
  samples: string[] | string[][]
}

/** The quest news feed's orders (spec 3) and page size. */
export const QUEST_SORTS = ['timeDesc', 'timeAsc', 'scoreAsc', 'scoreDesc'] as const
export type QuestSort = (typeof QUEST_SORTS)[number]
export const QUEST_FEED_PAGE = 10
