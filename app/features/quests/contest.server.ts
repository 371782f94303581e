import type { DB } from '~/db/connect.server'
import { nowIso } from '~/db/time'
import { SHARE_TYPE } from '~/features/journals/constants'
import { studentCount } from '~/features/journals/members.server'
import { addDays, todayDate } from '~/shared/dates'
import { DEFAULT_QUEST_NUMBER, PICK_TYPE } from './constants'
import { contestStatus, periodOf } from './period'
import type { ContestSettings } from './schema'
import { randomSelection } from './selection.server'

/** The team a new contest journal gets: named after the owner's team (or the owner), with their school. */
export async function createTeam(trx: DB, contestId: number, journalId: number, ownerId: number) {
  const owner = await trx
    .selectFrom('users as u')
    .leftJoin('schools as s', 's.id', 'u.school_id')
    .leftJoin('team_members as tm', 'tm.user_id', 'u.id')
    .leftJoin('teams as t', 't.id', 'tm.team_id')
    .select(['u.name', 'u.account', 's.name as school', 't.name as team'])
    .where('u.id', '=', ownerId)
    .executeTakeFirstOrThrow()
  await trx
    .insertInto('contest_teams')
    .values({ contest_id: contestId, journal_id: journalId, name: (owner.team ?? owner.name ?? owner.account).slice(0, 50), school_name: owner.school ?? '', start_date: null, pick_type: PICK_TYPE.teacher, created_at: nowIso() })
    .execute()
}

/** The name of the contest a code takes, or null for no such code (the take page asks before it starts anything). */
export async function contestNameByCode(db: DB, code: string) {
  const contest = await db.selectFrom('contests').select('name').where('code', '=', code).executeTakeFirst()
  return contest?.name ?? null
}

/** A contest's id and name, or undefined. */
export async function contestHead(db: DB, contestId: number) {
  return await db.selectFrom('contests').select(['id', 'name']).where('id', '=', contestId).executeTakeFirst()
}

/** A contest journal's team and contest, or null for any other journal. */
export async function contestOfJournal(db: DB, journalId: number) {
  const row = await db
    .selectFrom('contest_teams as t')
    .innerJoin('contests as c', 'c.id', 't.contest_id')
    .innerJoin('journals as j', 'j.id', 't.journal_id')
    .select([
      't.id as teamId', 't.name as teamName', 't.school_name as school', 't.start_date as startDate', 't.start_date_changes as startDateChanges', 't.pick_type as pickType',
      'c.id as contestId', 'c.name as contestName', 'c.age_group as ageGroup', 'c.ans_days as ansDays', 'c.start_date_min as startMin', 'c.start_date_max as startMax',
      'c.quest_number as questNumber', 'c.instructions', 'c.ends_at as contestEndsAt',
      'j.name', 'j.description', 'j.label_color_code as coverColor', 'j.ai_scoring as aiScoring', 'j.speech_lang as speechLang',
    ])
    .where('t.journal_id', '=', journalId)
    .where('j.share_type', '=', SHARE_TYPE.quest)
    .executeTakeFirst()
  if (!row) return null
  const members = await studentCount(db, journalId)
  const today = todayDate()
  const period = periodOf(row.startDate, row.ansDays)
  const window = startWindow(row, today)
  return {
    ...row,
    questNumber: row.questNumber || DEFAULT_QUEST_NUMBER,
    members,
    period,
    ...contestStatus(period, today),
    window,
    // Set once freely; after that one change, and only while the start is still ahead.
    startDateEditable: row.startDate === null || (row.startDate > today && row.startDateChanges === 0),
    pickTypeLocked: period !== null && today >= period.start,
  }
}
export type ContestJournal = NonNullable<Awaited<ReturnType<typeof contestOfJournal>>>

/** The dates a start date may take: the contest's window, from tomorrow at the earliest (only a future date). */
function startWindow(c: { startMin: string | null; startMax: string | null }, today: string) {
  const tomorrow = addDays(today, 1)
  const min = c.startMin && c.startMin > tomorrow ? c.startMin : tomorrow
  return { min, max: c.startMax ?? addDays(today, 365) }
}

type SaveResult = { ok: true; next: 'list' | 'select' } | { ok: false; fieldErrors: Record<string, string[]> }

/**
 * Save a contest journal's settings (spec 3 "contest journal edit"). The start date may be set once
 * freely and then changed once, only while it is in the future and to a future date inside the
 * contest's window; the guarded update (`start_date_changes = 0`) and the CHECK make a second
 * change fail even when two saves race. The pick type is locked once the start date has passed.
 * The journal's share type is never touched.
 */
export async function saveContestSettings(db: DB, journalId: number, input: ContestSettings, { isNew }: { isNew: boolean }): Promise<SaveResult> {
  return db.transaction().execute(async (trx) => {
    const c = await contestOfJournal(trx, journalId)
    if (!c) throw new Error(`journal ${journalId} is not a contest journal`)
    const fieldErrors: Record<string, string[]> = {}
    const pickType = Number(input.pickType)
    if (c.pickTypeLocked && pickType !== c.pickType) fieldErrors.pickType = ['contest.pickTypeLocked']
    const changingDate = input.startDate !== c.startDate
    if (changingDate) {
      if (!c.startDateEditable) fieldErrors.startDate = [c.startDate !== null && c.startDateChanges > 0 ? 'contest.startDateOnce' : 'contest.startDateLocked']
      else if (input.startDate < c.window.min || input.startDate > c.window.max) fieldErrors.startDate = ['contest.startDateWindow']
    }
    if (Object.keys(fieldErrors).length) return { ok: false, fieldErrors }
    if (changingDate) {
      const first = c.startDate === null
      const update = trx.updateTable('contest_teams').where('journal_id', '=', journalId)
      const r = first
        ? await update.set({ start_date: input.startDate }).where('start_date', 'is', null).executeTakeFirst()
        : await update.set((eb) => ({ start_date: input.startDate, start_date_changes: eb('start_date_changes', '+', 1) })).where('start_date_changes', '=', 0).executeTakeFirst()
      if (Number(r.numUpdatedRows) !== 1) return { ok: false, fieldErrors: { startDate: ['contest.startDateOnce'] } }
    }
    await trx.updateTable('contest_teams').set({ pick_type: pickType }).where('journal_id', '=', journalId).execute()
    await trx.updateTable('journals').set({ name: input.name, description: input.description, label_color_code: Number(input.coverColor) }).where('id', '=', journalId).execute()
    const chosen = await trx.selectFrom('journal_quests').select('quest_id').where('journal_id', '=', journalId).execute()
    // The system picks at random when it is its turn and nothing is picked yet.
    if (pickType === PICK_TYPE.system && chosen.length === 0) await randomSelection(trx, journalId, c.contestId, c.questNumber)
    const typeChanged = pickType !== c.pickType
    return { ok: true, next: pickType === PICK_TYPE.teacher && (isNew || typeChanged || chosen.length === 0) ? 'select' : 'list' }
  })
}
