/** Journal constants (spec 2 sections 3 and 9). */
export const LABEL_COLORS = [1, 2, 3, 4, 5, 6, 7] as const
export const SHARE_TYPE = { autoSubmit: '2', submitOnClick: '3', quest: '5' } as const
export const DRP_STATUS = { pending: 0, approved: 1 } as const
export const PAGE_SIZE = 10
export const PAGE_LINKS = 11
