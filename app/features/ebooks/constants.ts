/** Posts a book holds (spec 3: the server supplies both; 1 and 30 by default). */
export const EBOOK_POSTS = { min: 1, max: 30 } as const
/** The book's name, and the author intro, thanks and postscript (spec 3: at most 100 characters). */
export const EBOOK_NAME_MAX = 50
export const EBOOK_TEXT_MAX = 100
/** The design a new book's pages start with. */
export const DEFAULT_DESIGN = 'meadow'
