/**
 * A school's own watch words (decision 0062): local slang or a nickname used to
 * bully, added on a journal's settings page by its owner or on the team page by the team's admins,
 * each with the safeguarding category a post that holds it is told under. They take effect at once:
 * every post is assessed with the words of its journal and of the journal's team, read here with
 * the post (one small query), and each word found is a finding of its category, shown in the alert
 * as "one of the school's watch words".
 */
import type { DB } from '~/db/connect.server'
import { nowIso } from '~/db/time'
import { hasLetters, watchKey } from '~/features/text/watch-words.server'
import { can } from '~/features/team/roles'
import { cleanValue, tooLong } from '~/shared/text'
import type { WatchWord } from './assess/assess.server'
import { CATEGORIES, type RiskCategory } from './categories'
import { WATCH_WORD_MAX, WATCH_WORDS_PER_LIST } from './constants'

/** Whose list: a journal's, or a team's (which applies to every journal of the team). */
export type WatchScope = { journalId: number } | { teamId: number }

/** A teacher who may not change the list (not the journal's owner; not an admin of the team). */
export class WatchWordsForbidden extends Error {}

const isCategory = (c: string): c is RiskCategory => CATEGORIES.some((x) => x.category === c)

const inScope = (scope: WatchScope) => ('journalId' in scope ? (['journal_id', scope.journalId] as const) : (['team_id', scope.teamId] as const))

/** The journal's owner changes its list; a team's admins (the right to edit members) change the team's. */
async function requireEditor(db: DB, actorId: number, scope: WatchScope) {
  if ('journalId' in scope) {
    const journal = await db.selectFrom('journals').select('owner_id').where('id', '=', scope.journalId).executeTakeFirst()
    if (journal?.owner_id !== actorId) throw new WatchWordsForbidden('journal')
    return
  }
  const member = await db.selectFrom('team_members').select('role_id').where('team_id', '=', scope.teamId).where('user_id', '=', actorId).executeTakeFirst()
  if (!member || !can(member.role_id, 'editMembers')) throw new WatchWordsForbidden('team')
}

/** A list's words, in the order of their normal form, with who added each and when. */
export async function watchWordsOf(db: DB, scope: WatchScope) {
  const [column, id] = inScope(scope)
  const rows = await db
    .selectFrom('watch_words as w')
    .leftJoin('users as u', 'u.id', 'w.added_by')
    .select((eb) => ['w.id', 'w.phrase', 'w.category', 'w.created_at as addedAt', eb.fn.coalesce('u.name', 'u.account').as('addedBy')])
    .where(`w.${column}`, '=', id)
    .orderBy('w.phrase_key')
    .execute()
  return rows.filter((r): r is typeof r & { category: RiskCategory } => isCategory(r.category))
}

/** The words a journal's posts are read with: the journal's own and its team's (with the team's name, for the settings page). */
export async function watchListsOfJournal(db: DB, journalId: number) {
  const journal = await db.selectFrom('journals as j').leftJoin('teams as t', 't.id', 'j.team_id').select(['j.team_id as teamId', 't.name as teamName']).where('j.id', '=', journalId).executeTakeFirst()
  return {
    own: await watchWordsOf(db, { journalId }),
    team: journal?.teamId ? { name: journal.teamName ?? '', words: await watchWordsOf(db, { teamId: journal.teamId }) } : null,
  }
}

/** What the assessment of a journal's post reads: every watch word of the journal and of its team, in one query. */
export async function watchWordsForJournal(db: DB, journalId: number): Promise<WatchWord[]> {
  const rows = await db
    .selectFrom('watch_words')
    .select(['phrase_key', 'category'])
    .where((eb) => eb.or([eb('journal_id', '=', journalId), eb('team_id', '=', eb.selectFrom('journals').select('team_id').where('id', '=', journalId))]))
    .execute()
  return rows.filter((r) => isCategory(r.category)).map((r) => ({ key: r.phrase_key, category: r.category as RiskCategory }))
}

type FieldErrors = { phrase?: string[]; category?: string[] }

/**
 * Adds a word to a list, in effect for the next post. Checked again here (the form's schema is the
 * first check): a word with letters, at most WATCH_WORD_MAX characters, a category of the taxonomy,
 * not on the list already in any spelling of it (the unique index decides a race), a list not full.
 * Throws WatchWordsForbidden for a teacher who may not change the list.
 */
export async function addWatchWord(db: DB, actorId: number, scope: WatchScope, input: { phrase: string; category: string }): Promise<{ ok: true; id: number } | { ok: false; fieldErrors: FieldErrors }> {
  await requireEditor(db, actorId, scope)
  const phrase = cleanValue(input.phrase)
  const errors: FieldErrors = {}
  if (!phrase) errors.phrase = ['validation.required']
  else if (phrase.length > WATCH_WORD_MAX) errors.phrase = [tooLong(WATCH_WORD_MAX)]
  else if (!hasLetters(phrase)) errors.phrase = ['watchWords.noLetters']
  if (!isCategory(input.category)) errors.category = ['watchWords.chooseCategory']
  if (errors.phrase || errors.category) return { ok: false, fieldErrors: errors }
  const key = watchKey(phrase)
  const [column, id] = inScope(scope)
  const list = await db.selectFrom('watch_words').select(['phrase_key']).where(column, '=', id).execute()
  if (list.some((w) => w.phrase_key === key)) return { ok: false, fieldErrors: { phrase: ['watchWords.duplicate'] } }
  if (list.length >= WATCH_WORDS_PER_LIST) return { ok: false, fieldErrors: { phrase: ['watchWords.full'] } }
  try {
    const row = await db
      .insertInto('watch_words')
      .values({ journal_id: 'journalId' in scope ? scope.journalId : null, team_id: 'teamId' in scope ? scope.teamId : null, phrase, phrase_key: key, category: input.category, added_by: actorId, created_at: nowIso() })
      .returning('id')
      .executeTakeFirstOrThrow()
    return { ok: true, id: row.id }
  } catch (error) {
    // The same word sent twice at once: the unique index kept one.
    if (String(error).match(/unique|UNIQUE/)) return { ok: false, fieldErrors: { phrase: ['watchWords.duplicate'] } }
    throw error
  }
}

/** Takes a word off a list: posts from now on are read without it (alerts it raised stay). False when it is not on this list. */
export async function removeWatchWord(db: DB, actorId: number, scope: WatchScope, wordId: number) {
  await requireEditor(db, actorId, scope)
  const [column, id] = inScope(scope)
  const result = await db.deleteFrom('watch_words').where('id', '=', wordId).where(column, '=', id).executeTakeFirst()
  return Number(result.numDeletedRows) > 0
}
