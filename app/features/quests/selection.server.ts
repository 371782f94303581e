import type { DB } from '~/db/connect.server'
import type { QuestFrame } from './constants'

/** The quests a contest journal may choose from: the contest's own and the journal's sample quests. */
export async function availableQuests(db: DB, journalId: number, contestId: number) {
  return db
    .selectFrom('quests as q')
    .select(['q.id', 'q.title', 'q.description', 'q.lang', 'q.journal_id as journalId'])
    .where((eb) => eb.or([eb('q.contest_id', '=', contestId), eb('q.journal_id', '=', journalId)]))
    .where('q.deleted_at', 'is', null)
    .orderBy('q.journal_id', 'desc')
    .orderBy('q.sort')
    .orderBy('q.id')
    .execute()
}

/** The journal's chosen quests in their order, with their titles and descriptions. */
export async function chosenQuests(db: DB, journalId: number) {
  return db
    .selectFrom('journal_quests as jq')
    .innerJoin('quests as q', 'q.id', 'jq.quest_id')
    .select(['q.id', 'q.title', 'q.description'])
    .where('jq.journal_id', '=', journalId)
    .orderBy('jq.position')
    .execute()
}

/** The ids of the journal's chosen quests in their order. */
export const selectionOf = async (db: DB, journalId: number) => (await chosenQuests(db, journalId)).map((q) => q.id)

export type SaveSelection = { ok: true } | { ok: false; error: 'quest.selectAtLeastOne' | 'quest.selectAtMost' | 'quest.selectUnknown' }

/** Save the selection in order: at least one, at most the contest's quest number, all available. */
export async function saveSelection(db: DB, journalId: number, contestId: number, ids: number[], max: number): Promise<SaveSelection> {
  const unique = ids.filter((id, i) => ids.indexOf(id) === i)
  if (unique.length === 0) return { ok: false, error: 'quest.selectAtLeastOne' }
  if (unique.length > max) return { ok: false, error: 'quest.selectAtMost' }
  return db.transaction().execute(async (trx) => {
    const available = new Set((await availableQuests(trx, journalId, contestId)).map((q) => q.id))
    if (unique.some((id) => !available.has(id))) return { ok: false, error: 'quest.selectUnknown' }
    await trx.deleteFrom('journal_quests').where('journal_id', '=', journalId).execute()
    await trx.insertInto('journal_quests').values(unique.map((quest_id, position) => ({ journal_id: journalId, quest_id, position }))).execute()
    return { ok: true }
  })
}

/** The system's pick (pick type 1): the contest's quests at random, up to its quest number. */
export async function randomSelection(trx: DB, journalId: number, contestId: number, max: number) {
  const pool = (await availableQuests(trx, journalId, contestId)).filter((q) => q.journalId === null).map((q) => q.id)
  for (let i = pool.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1))
    ;[pool[i], pool[j]] = [pool[j], pool[i]]
  }
  const picked = pool.slice(0, max)
  await trx.deleteFrom('journal_quests').where('journal_id', '=', journalId).execute()
  if (picked.length) await trx.insertInto('journal_quests').values(picked.map((quest_id, position) => ({ journal_id: journalId, quest_id, position }))).execute()
  return picked
}

/** A quest's frames, with their example texts. */
export async function framesOf(db: DB, questIds: number[]) {
  if (questIds.length === 0) return new Map<number, QuestFrame[]>()
  const rows = await db.selectFrom('quest_frames').select(['quest_id', 'frame_type', 'title', 'samples', 'position']).where('quest_id', 'in', questIds).orderBy('quest_id').orderBy('position').execute()
  const map = new Map<number, QuestFrame[]>()
  for (const r of rows) {
    const list = map.get(r.quest_id) ?? []
    list.push({ type: r.frame_type, title: r.title, samples: JSON.parse(r.samples) as string[] | string[][] })
    map.set(r.quest_id, list)
  }
  return map
}
