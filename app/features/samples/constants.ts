/** Sample journal student limits: 10 to 80 in tens (spec 2 section 9). */
export const SAMPLE_LIMITS = [10, 20, 30, 40, 50, 60, 70, 80] as const
/** Pronunciation languages of a sample journal (spec 2 section 9). */
export const SAMPLE_LANGS = ['zh', 'en'] as const
/** What a resource is, for its icon and download label. */
export const RESOURCE_TYPES = ['pdf', 'doc', 'video', 'link'] as const

/** Plan exchange code results when taking a course book (spec 3 section 8). */
export const PLAN_CODE_ERRORS = { invalid: '-01103', otherBook: '-01104', used: '-01105' } as const
