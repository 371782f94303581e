import { currentTimeZone } from '~/shared/time-zone'
import type { DB } from '~/db/connect.server'
import { unsoldCount } from '~/features/plans/plan-codes.server'
import { withValues } from '~/shared/error-values'
import { EXPIRE_TYPE, hasSubType, SHARE_TYPE, SUB_TYPE } from './constants'
import { insertJournal } from './insert.server'
import type { JournalSettings } from './schema'
import { formatDateTime, fromWallClock } from '~/shared/dates'
import { studentCount } from './members.server'
import { DEFAULT_ESCALATE_HOURS } from '~/features/team/school-hours'
import type { ShareConsentRule } from '~/db/schema'

/**
 * The plan's student tickets as they bear on one journal's limit (spec 2 section 5): the limit may
 * grow up to the unsold tickets plus its current value, which is the plan's limit minus what the
 * owner's other active journals hold, and may not drop below the students already in.
 */
export async function ticketsFor(db: DB, ownerId: number, planLimit: number, journalId?: number) {
  // A journal paid for by a plan exchange code (a course book) holds no tickets of the plan.
  let others = db
    .selectFrom('journals as j')
    .select((eb) => eb.fn.sum<number>('j.diary_publish_num').as('n'))
    .where('j.owner_id', '=', ownerId)
    .where('j.archived_at', 'is', null)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('plan_codes as c').select('c.id').whereRef('c.journal_id', '=', 'j.id'))))
  if (journalId !== undefined) others = others.where('j.id', '!=', journalId)
  const allocated = Number((await others.executeTakeFirst())?.n ?? 0)
  const taken = journalId === undefined ? 0 : await studentCount(db, journalId)
  // The unsold login codes bound to the journal are places of its own (spec 3: the unsold count
  // feeds the journal settings' student limit).
  const codes = journalId === undefined ? 0 : await unsoldCount(db, ownerId, journalId)
  return { max: Math.max(0, planLimit - allocated) + codes, taken }
}

export type SettingsResult = { ok: true; id: number } | { ok: false; fieldErrors: Record<string, string[]> }

async function checkLimit(db: DB, ownerId: number, planLimit: number, limit: number, journalId?: number) {
  const { max, taken } = await ticketsFor(db, ownerId, planLimit, journalId)
  if (limit > max) return { studentLimit: [withValues('journalSettings.limitOverTickets', { count: max })] }
  if (limit < taken) return { studentLimit: [withValues('journalSettings.limitBelowTaken', { count: taken })] }
  return null
}

/** The journal's columns from the form; the expiry is a date and time in the school's zone (UTC+8). */
function columns(s: JournalSettings) {
  const at = s.expireType === String(EXPIRE_TYPE.at) && s.expireDate && s.expireTime
  const subTypes = [...(s.display === 'calendar' ? [SUB_TYPE.calendar] : []), ...(s.assessment ? [SUB_TYPE.assessment] : [])]
  return {
    name: s.name,
    description: s.description ?? '',
    label_color_code: Number(s.labelColorCode),
    user_classes: (s.classes ?? '').split(/[,，、]/).map((c) => c.trim()).filter(Boolean).join(','),
    grade: s.grade ? Number(s.grade) : null,
    speech_lang: s.speechLang,
    calendar_mode: s.display === 'calendar' ? 1 : 0,
    ai_scoring: s.aiScoring ? 1 : 0,
    expire_type: at ? EXPIRE_TYPE.at : EXPIRE_TYPE.unlimited,
    // Entered in the school's zone.
    expire_time: at ? fromWallClock(s.expireDate!, s.expireTime!) : null,
    diary_publish_num: Number(s.studentLimit),
    share_type: s.shareType,
    sub_type: subTypes.join(','),
    notify_submit_time: s.notifySubmit ? Number(s.notifySubmitTime) : null,
    notify_stat_time: s.notifyStat ? Number(s.notifyStatTime) : null,
    notify_extreme_time: s.notifyExtreme ? Number(s.notifyExtremeTime) : null,
    escalate_after_hours: s.escalateAfterHours ? Number(s.escalateAfterHours) : DEFAULT_ESCALATE_HOURS,
    share_consent: (s.shareConsent ?? 'under13') as ShareConsentRule,
  }
}

/**
 * A new journal keeps the zone it is made in for good (the school's: its times, expiry and digest
 * hours are read in it; saving the settings later does not move it).
 */
export async function createJournal(db: DB, owner: { userId: number; planLimit: number; teamId?: number | null }, s: JournalSettings): Promise<SettingsResult> {
  return db.transaction().execute(async (trx) => {
    const errors = await checkLimit(trx, owner.userId, owner.planLimit, Number(s.studentLimit))
    if (errors) return { ok: false, fieldErrors: errors }
    const id = await insertJournal(trx, { ...columns(s), time_zone: currentTimeZone(), owner_id: owner.userId, team_id: owner.teamId ?? null })
    return { ok: true, id }
  })
}

export async function updateJournal(db: DB, journalId: number, owner: { userId: number; planLimit: number }, s: JournalSettings): Promise<SettingsResult> {
  return db.transaction().execute(async (trx) => {
    const errors = await checkLimit(trx, owner.userId, owner.planLimit, Number(s.studentLimit), journalId)
    if (errors) return { ok: false, fieldErrors: errors }
    const current = await trx.selectFrom('journals').select(['share_type', 'sub_type']).where('id', '=', journalId).executeTakeFirstOrThrow()
    const values = columns(s)
    // The form sets the submit mode, the calendar and the assessment: a contest (quest) journal keeps
    // its type, and the sub-type the form does not show (AI-scoring sample) stays.
    if (current.share_type === SHARE_TYPE.quest) values.share_type = SHARE_TYPE.quest
    const kept = current.sub_type.split(',').filter((t) => t && t !== SUB_TYPE.calendar && t !== SUB_TYPE.assessment)
    values.sub_type = [...values.sub_type.split(',').filter(Boolean), ...kept].join(',')
    await trx.updateTable('journals').set(values).where('id', '=', journalId).execute()
    return { ok: true, id: journalId }
  })
}


/** The form's values for an existing journal. */
export async function settingsOf(db: DB, journalId: number) {
  const j = await db.selectFrom('journals').selectAll().where('id', '=', journalId).executeTakeFirstOrThrow()
  // The expiry back in the school's zone, as it was entered.
  const local = j.expire_time ? formatDateTime(j.expire_time) : null
  const opt = (on: number | null) => (on === null ? undefined : String(on))
  return {
    name: j.name,
    description: j.description,
    labelColorCode: String(j.label_color_code),
    classes: j.user_classes,
    grade: j.grade === null ? undefined : String(j.grade),
    speechLang: j.speech_lang,
    display: j.calendar_mode ? 'calendar' : 'list',
    aiScoring: j.ai_scoring ? 'on' : undefined,
    assessment: hasSubType(j.sub_type, SUB_TYPE.assessment) ? 'on' : undefined,
    expireType: String(j.expire_type),
    expireDate: local ? local.slice(0, 10) : undefined,
    expireTime: local ? local.slice(11, 16) : undefined,
    studentLimit: String(j.diary_publish_num),
    notifySubmit: j.notify_submit_time === null ? undefined : 'on',
    notifySubmitTime: opt(j.notify_submit_time),
    notifyStat: j.notify_stat_time === null ? undefined : 'on',
    notifyStatTime: opt(j.notify_stat_time),
    notifyExtreme: j.notify_extreme_time === null ? undefined : 'on',
    notifyExtremeTime: opt(j.notify_extreme_time),
    shareType: j.share_type === '3' ? '3' : '2',
    escalateAfterHours: String(j.escalate_after_hours),
    shareConsent: j.share_consent,
  }
}
export type SettingsValues = Awaited<ReturnType<typeof settingsOf>>
