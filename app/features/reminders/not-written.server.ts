import type { DB } from '~/db/connect.server'
import { addDays, formatDate, fromWallClock, todayDate } from '~/shared/dates'
import type { Mailer } from '~/mail/mailer.server'
import { translatorOf } from '~/i18n/middleware.server'
import { tell } from '~/features/notifications/notify.server'
import { questOfTheDay } from '~/features/quests/quest-posts.server'
import { journalCalendar } from '~/features/alerts/school-calendar.server'
import { nextSchoolTime, weekdayOf } from '~/features/team/school-hours'

/**
 * Who has not written (decision 0052): the journal's students with no post today or this
 * school week (from Monday), in the journal's zone, or (a contest's journal) no answer to the quest
 * of the day; and the teachers' reminders: at most one a school day per student and journal, kept
 * by the table's key across processes.
 */
export const NOT_WRITTEN_PERIODS = ['today', 'week', 'quest'] as const
export type NotWrittenPeriod = (typeof NOT_WRITTEN_PERIODS)[number]

export const periodOfParam = (value: string | null): NotWrittenPeriod => (value === 'week' || value === 'quest' ? value : 'today')

/** The first day of the period: today (the quest of the day's too), or this week's Monday. */
export function periodStart(period: NotWrittenPeriod, today: string) {
  if (period !== 'week') return today
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay()
  return addDays(today, -((weekday + 6) % 7))
}

interface Scope {
  journalId: number
  timeZone: string
  period: NotWrittenPeriod
  now?: Date
}

/** The students without a post since the period began: those who never wrote first, then the longest silent. */
export async function notWritten(db: DB, { journalId, timeZone, period, now = new Date() }: Scope) {
  const today = todayDate(now, timeZone)
  const from = fromWallClock(periodStart(period, today), '00:00', timeZone)
  // The quest of the day: who has not answered it, whenever they wrote otherwise. No quest, nobody listed.
  const quest = period === 'quest' ? await questOfTheDay(db, journalId, today) : null
  const rows = await db
    .selectFrom('journal_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .leftJoin('writing_reminders as r', (j) => j.onRef('r.journal_id', '=', 'm.journal_id').onRef('r.student_id', '=', 'm.user_id').on('r.day', '=', today))
    .leftJoin('users as t', 't.id', 'r.teacher_id')
    .select((eb) => [
      'u.id',
      'u.account',
      'u.avatar_url as avatarUrl',
      eb.fn.coalesce('u.name', 'u.account').as('name'),
      'r.reminded_at as remindedAt',
      eb.fn.coalesce('t.name', 't.account').as('remindedBy'),
      eb.selectFrom('posts as p').select((e) => e.fn.max('p.created_at').as('at')).whereRef('p.journal_id', '=', 'm.journal_id').whereRef('p.creator_id', '=', 'm.user_id').as('lastPost'),
      eb
        .selectFrom('posts as p')
        .select((e) => e.fn.countAll().as('n'))
        .whereRef('p.journal_id', '=', 'm.journal_id')
        .whereRef('p.creator_id', '=', 'm.user_id')
        .where('p.quest_id', '=', quest?.id ?? -1)
        .as('answers'),
    ])
    .where('m.journal_id', '=', journalId)
    .where('m.role', '=', 'student')
    .where('m.archived_at', 'is', null)
    .execute()
  const students = rows
    .filter((r) => (period === 'quest' ? quest !== null && Number(r.answers ?? 0) === 0 : !r.lastPost || r.lastPost < from))
    .map((r) => ({ id: r.id, name: r.name, account: r.account, avatarUrl: r.avatarUrl, lastPost: r.lastPost ? formatDate(r.lastPost, timeZone) : null, remindedAt: r.remindedAt, remindedBy: r.remindedBy }))
    .sort((a, b) => (a.lastPost ?? '').localeCompare(b.lastPost ?? '') || a.name.localeCompare(b.name))
  return { today, since: periodStart(period, today), students, enrolled: rows.length, quest }
}

/**
 * Why reminders cannot go now (decision 0064): out of school time in the journal's school calendar (its
 * team's days, hours and closed dates, in the journal's zone). `day`: today is no school day (a
 * weekend, a closed date); `hours`: before or after the school's hours; `never`: the calendar has
 * no school time. `from`: when reminding will be possible (ISO), and the school's hours.
 */
export interface RemindClosed {
  why: 'day' | 'hours' | 'never'
  from: string | null
  startHour: number
  endHour: number
}

/** Null when reminders may go now (school time); otherwise why not, and from when. */
export async function remindingClosed(db: DB, journalId: number, now = new Date()): Promise<RemindClosed | null> {
  const cal = await journalCalendar(db, journalId)
  const next = nextSchoolTime(now, cal)
  if (next && next.getTime() === now.getTime()) return null
  const today = todayDate(now, cal.timeZone)
  const why = !next ? 'never' : cal.days.includes(weekdayOf(today)) && !cal.closed.includes(today) ? 'hours' : 'day'
  return { why, from: next?.toISOString() ?? null, startHour: cal.startHour, endHour: cal.endHour }
}

interface Reminder extends Scope {
  teacherId: number
  /** The students the teacher chose; only those still without a post are reminded. */
  studentIds: number[]
  journalName: string
  teacherName: string
  mailer: Mailer
  origin: string
}

/**
 * Reminds the chosen students who still have not written (a stale page names some who have): a
 * row each for today, which the key refuses a second time; an e-mail to those with a verified
 * address. A mail that fails is logged; the reminder stands. Only in school time: otherwise nothing
 * is written and `closed` says why (remindingClosed).
 */
export async function remindStudents(db: DB, r: Reminder): Promise<{ reminded: number; already: number; closed?: RemindClosed }> {
  const now = r.now ?? new Date()
  const closed = await remindingClosed(db, r.journalId, now)
  if (closed) return { reminded: 0, already: 0, closed }
  const { today, students } = await notWritten(db, r)
  const chosen = new Set(r.studentIds)
  const due = students.filter((s) => chosen.has(s.id))
  if (due.length === 0) return { reminded: 0, already: 0 }
  // Already reminded today (by anyone) is not "due" again: the key below refuses it.
  const inserted = await db
    .insertInto('writing_reminders')
    .values(due.map((s) => ({ journal_id: r.journalId, student_id: s.id, day: today, teacher_id: r.teacherId, reminded_at: now.toISOString() })))
    .onConflict((oc) => oc.columns(['journal_id', 'student_id', 'day']).doNothing())
    .returning('student_id')
    .execute()
  const reminded = inserted.map((i) => i.student_id)
  for (const studentId of reminded) await tell('writing reminder mail', () => mailReminder(db, r, studentId, today))
  return { reminded: reminded.length, already: due.length - reminded.length }
}

async function mailReminder(db: DB, r: Reminder, studentId: number, day: string) {
  const student = await db.selectFrom('users').select(['email', 'email_verified', 'locale', 'name', 'account']).where('id', '=', studentId).executeTakeFirst()
  if (!student?.email || student.email_verified !== 1) return
  const t = translatorOf(student.locale) as unknown as (key: string, values?: Record<string, string | number>) => string
  const text = [t('mail.remindHello', { name: student.name ?? student.account }), '', t('mail.remindText', { teacher: r.teacherName, journal: r.journalName }), `${r.origin}/s/journal/${r.journalId}/new`].join('\n')
  await r.mailer.send({ to: student.email, subject: t('mail.remindSubject', { journal: r.journalName }), text })
  await db.updateTable('writing_reminders').set({ mailed: 1 }).where('journal_id', '=', r.journalId).where('student_id', '=', studentId).where('day', '=', day).execute()
}

/**
 * A student's reminders on their home page: from the last day, in journals they still belong to,
 * that they have not answered with a post since.
 */
export async function studentReminders(db: DB, studentId: number, now = new Date()) {
  const since = new Date(now.getTime() - 86_400_000).toISOString()
  const rows = await db
    .selectFrom('writing_reminders as r')
    .innerJoin('journals as j', 'j.id', 'r.journal_id')
    .innerJoin('journal_members as m', (jn) => jn.onRef('m.journal_id', '=', 'r.journal_id').onRef('m.user_id', '=', 'r.student_id'))
    .leftJoin('users as t', 't.id', 'r.teacher_id')
    .select((eb) => ['j.id as journalId', 'j.name as journal', 'r.reminded_at as remindedAt', eb.fn.coalesce('t.name', 't.account').as('teacher')])
    .where('r.student_id', '=', studentId)
    .where('r.reminded_at', '>=', since)
    .where('m.role', '=', 'student')
    .where('m.archived_at', 'is', null)
    .where('j.archived_at', 'is', null)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('posts as p').select('p.id').whereRef('p.journal_id', '=', 'r.journal_id').whereRef('p.creator_id', '=', 'r.student_id').whereRef('p.created_at', '>=', 'r.reminded_at'))))
    .orderBy('r.reminded_at', 'desc')
    .execute()
  // Yesterday's and today's reminder to the same journal are one notice: the latest.
  return rows.filter((r, i) => rows.findIndex((o) => o.journalId === r.journalId) === i)
}
