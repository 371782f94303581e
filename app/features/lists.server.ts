import { sql } from 'kysely'

/** A LIKE pattern matching `text` anywhere, case-insensitive, with LIKE's own characters escaped. */
export const containsPattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/** A user (aliased `u`) whose name or account matches a `containsPattern`: the lists' name search. */
export const nameMatches = (pattern: string) => sql<boolean>`(lower(coalesce(u.name, '')) like ${pattern} escape '\\' or lower(u.account) like ${pattern} escape '\\')`
