/** Posts a book holds (spec 3: the server supplies both; 1 and 30 by default). */
export const EBOOK_POSTS = { min: 1, max: 30 } as const
/** The book's name, and the author intro, thanks and postscript (spec 3: at most 100 characters). */
export const EBOOK_NAME_MAX = 50
export const EBOOK_TEXT_MAX = 100
/** The design a new book's pages start with. */
export const DEFAULT_DESIGN = 'meadow'
/** A text item's text on a page (a diary frame's text may be long; the page shows what fits). */
export const EBOOK_ITEM_TEXT_MAX = 1000
/** A picture chosen for a page: at most 5 MB as sent, like a post's picture. */
export const EBOOK_IMAGE_MAX_BYTES = 5 * 1024 * 1024
/** Spec 3: the entry waits 2 s; the page list polls every 5 s while a picture is being drawn. */
export const EBOOK_ENTRY_DELAY_S = 2
export const EBOOK_POLL_S = 5
/** A share link's password: optional; when given, 6 to 64 characters. */
export const SHARE_PASSWORD = { min: 6, max: 64 } as const
/** A share link's days (decision 0047): 7 by default, 30 at most, as a family pack's. */
export const SHARE_DAYS = { default: 7, max: 30 } as const
/** A class's e-books in one job (decision 0053): how each book's posts are chosen, its design, and the newest posts it takes by default. */
export const CLASS_BOOK_RULES = ['newest', 'stars', 'own'] as const
export type ClassBookRule = (typeof CLASS_BOOK_RULES)[number]
export const CLASS_BOOK_DESIGNS = ['meadow', 'sunrise'] as const
export const CLASS_BOOK_NEWEST = 20
