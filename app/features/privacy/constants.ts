/** How long an export's link works (decision 0047). */
export const EXPORT_LINK_DAYS = 7
/** How long an erasure waits, undoable, before the data is gone for good. */
export const ERASURE_GRACE_DAYS = 30
/** A running export not heard of for this long was stopped with its process: another takes it over. */
export const EXPORT_STALE_MS = 30_000
export const DAY_MS = 86_400_000
