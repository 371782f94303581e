import type { DB } from '~/db/connect.server'
import { nowIso } from '~/db/time'
import { parseId } from '~/shared/lists'
import { BEHAVIOUR_SLOTS, EXAMPLES_PER_FRAME, RETURN } from './constants'
import { exampleLines, SLOT_FIELDS, type QuestInput } from './schema'
import { framesOf } from './selection.server'

/** The sample quests of a journal (spec 2 quest sample page), each with its frames; and the contest's own, read-only. */
export async function sampleQuests(db: DB, journalId: number, contestId: number | null) {
  const quests = await db
    .selectFrom('quests')
    .select(['id', 'title', 'description', 'lang', 'journal_id as journalId'])
    .where((eb) => (contestId === null ? eb('journal_id', '=', journalId) : eb.or([eb('journal_id', '=', journalId), eb('contest_id', '=', contestId)])))
    .where('deleted_at', 'is', null)
    .orderBy('journal_id', 'desc')
    .orderBy('sort')
    .orderBy('id')
    .execute()
  const frames = await framesOf(db, quests.map((q) => q.id))
  return quests.map((q) => ({ ...q, own: q.journalId === journalId, frames: frames.get(q.id) ?? [] }))
}

/** One of the journal's own sample quests, as the edit form's values; null when it is not the journal's. */
export async function questForm(db: DB, journalId: number, rawId: string | null) {
  const id = parseId(rawId)
  if (id === null) return null
  const quest = await db.selectFrom('quests').select(['id', 'title', 'description', 'lang']).where('id', '=', id).where('journal_id', '=', journalId).where('deleted_at', 'is', null).executeTakeFirst()
  if (!quest) return null
  const frames = (await framesOf(db, [id])).get(id) ?? []
  const values: Record<string, string> = { lang: quest.lang, title: quest.title, description: quest.description }
  for (const f of frames) {
    values[`${f.type}Title`] = f.title
    if (f.type === 'behavior') (f.samples as string[][]).forEach((slot, i) => (values[SLOT_FIELDS[i]] = slot.join('\n')))
    else values[`${f.type}Examples`] = (f.samples as string[]).join('\n')
  }
  return { id, values }
}

/**
 * Create or update a sample quest with its three frames. Example texts are one a line; empty lines
 * and empty behaviour slots are dropped (spec 2 frame edit). Editing another journal's quest is
 * refused (false).
 */
export async function saveQuest(db: DB, journalId: number, questId: number | null, input: QuestInput) {
  return db.transaction().execute(async (trx) => {
    const at = nowIso()
    let id = questId
    if (id === null) {
      const last = await trx.selectFrom('quests').select((eb) => eb.fn.max('sort').as('sort')).where('journal_id', '=', journalId).executeTakeFirst()
      id = (
        await trx
          .insertInto('quests')
          .values({ journal_id: journalId, contest_id: null, lang: input.lang, title: input.title, description: input.description, sort: Number(last?.sort ?? 0) + 1, created_at: at, updated_at: at })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id
    } else {
      const r = await trx.updateTable('quests').set({ lang: input.lang, title: input.title, description: input.description, updated_at: at }).where('id', '=', id).where('journal_id', '=', journalId).where('deleted_at', 'is', null).executeTakeFirst()
      if (Number(r.numUpdatedRows) !== 1) return null
      await trx.deleteFrom('quest_frames').where('quest_id', '=', id).execute()
    }
    const slots = Array.from({ length: BEHAVIOUR_SLOTS }, (_, i) => exampleLines((input as Record<string, string | undefined>)[SLOT_FIELDS[i]], EXAMPLES_PER_FRAME))
    await trx
      .insertInto('quest_frames')
      .values([
        { quest_id: id, position: 1, frame_type: 'event', title: input.eventTitle!, samples: JSON.stringify(exampleLines(input.eventExamples, EXAMPLES_PER_FRAME)) },
        { quest_id: id, position: 2, frame_type: 'story', title: input.storyTitle!, samples: JSON.stringify(exampleLines(input.storyExamples, EXAMPLES_PER_FRAME)) },
        { quest_id: id, position: 3, frame_type: 'behavior', title: input.behaviorTitle!, samples: JSON.stringify(slots) },
      ])
      .execute()
    return id
  })
}

/**
 * Delete a journal's own sample quest: `06000` when done. It leaves the selection; posts that
 * answered it keep it (the row stays, marked deleted), so their scores and the ranking do not move.
 */
export async function deleteQuest(db: DB, journalId: number, questId: number | null) {
  if (questId === null) return null
  return db.transaction().execute(async (trx) => {
    const r = await trx.updateTable('quests').set({ deleted_at: nowIso() }).where('id', '=', questId).where('journal_id', '=', journalId).where('deleted_at', 'is', null).executeTakeFirst()
    if (Number(r.numUpdatedRows) !== 1) return null
    await trx.deleteFrom('journal_quests').where('quest_id', '=', questId).execute()
    return RETURN.questDeleted
  })
}
