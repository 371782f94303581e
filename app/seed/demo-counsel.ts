import type { DB } from '~/db/connect.server'
import { assessPost } from '~/features/alerts/assess/assess.server'
import { findingsFor, usualOf } from '~/features/alerts/rules'
import { calendarOf, DEFAULT_ESCALATE_HOURS, escalationDue } from '~/features/team/school-hours'
import { concernOf } from '~/features/alerts/summary'
import { formatDate } from '~/shared/dates'

const HOUR = 3_600_000
const DAY = 24 * HOUR

/**
 * The demo's counsellor (decision 0046): in the team's "Sunshine Team Journal", an alert of Student 47
 * that `teamteacher@` read and escalated to `counsellor@` with a note, and one of Student 48 that
 * nobody opened, which escalated by itself after four school hours. The counsellor is told of both.
 */
export async function seedCounsel(trx: DB, { counsellor, teamTeacher, now }: { counsellor: number; teamTeacher: number; now: Date }) {
  const journal = await trx.selectFrom('journals').select(['id', 'name', 'time_zone']).where('name', '=', 'Sunshine Team Journal').executeTakeFirstOrThrow()
  const student = async (account: string) => trx.selectFrom('users').select(['id', 'name']).where('account', '=', account).executeTakeFirstOrThrow()

  const worryingPost = async (studentId: number, at: string, title: string, event: string) => {
    const { id } = await trx
      .insertInto('posts')
      .values({ journal_id: journal.id, creator_id: studentId, title, diary_date: formatDate(at, journal.time_zone), location: '學校', happen_time: '下課', status: 1, score: null, is_video: 0, created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow()
    await trx.insertInto('post_frames').values({ post_id: id, position: 1, frame_type: 'event', message: event, img_url: null }).execute()
    const { id: feelings } = await trx.insertInto('post_frames').values({ post_id: id, position: 2, frame_type: 'emotion', message: '', img_url: null }).returning('id').executeTakeFirstOrThrow()
    await trx.insertInto('post_emotions').values(['B', 'A'].map((emotion_code) => ({ post_id: id, frame_id: feelings, emotion_code }))).execute()
    return id
  }
  // The alert as the content rule raises it when the post is saved (the post alone: the rule reads its words).
  const raise = async (studentId: number, postId: number, at: string, event: string, title: string) => {
    const content = await assessPost({ title, event }, 'zh')
    const post = { id: postId, title, diaryDate: formatDate(at, journal.time_zone), createdAt: at, emotions: ['B', 'A'], mood: -1, content }
    const words = findingsFor([post], usualOf([])).find((f) => f.rule === 'words')
    if (!words) throw new Error('the demo post raises no words alert')
    const { id } = await trx
      .insertInto('risk_alerts')
      .values({ journal_id: journal.id, student_id: studentId, rule: 'words', severity: words.severity, snooze_until: null, reasons: JSON.stringify(words.reasons), created_at: at, updated_at: at, resolved_at: null })
      .returning('id')
      .executeTakeFirstOrThrow()
    await trx.insertInto('risk_alert_steps').values({ alert_id: id, user_id: null, action: 'raised', note: '', at }).execute()
    return id
  }
  const tell = async (alertId: number, studentName: string, msgKey: string, at: string, studentId: number) => {
    // The most serious concern leads the line, as the console writes it (decision 0059).
    const { rule, reasons } = await trx.selectFrom('risk_alerts').select(['rule', 'reasons']).where('id', '=', alertId).executeTakeFirstOrThrow()
    const params = { student: studentName, journal: journal.name, concern: concernOf(rule, reasons) }
    await trx
      .insertInto('notifications')
      .values({ user_id: counsellor, type: 'd', event_key: `alert:${alertId}:escalated`, msg_key: msgKey, params: JSON.stringify(params), link: `/counsellor/alerts/${alertId}`, actor_id: studentId, journal_id: journal.id, created_at: at, read_at: null })
      .execute()
  }

  // Escalated by the teacher, with a note.
  const s47 = await student('student47@demo.test')
  const raisedAt = new Date(now.getTime() - 2 * DAY).toISOString()
  const text47 = { title: '好累', event: '最近在學校都沒有人跟我說話，我覺得活著好累，好想消失。' }
  const post47 = await worryingPost(s47.id, raisedAt, text47.title, text47.event)
  const byHand = await raise(s47.id, post47, raisedAt, text47.event, text47.title)
  const seenAt = new Date(Date.parse(raisedAt) + HOUR).toISOString()
  const escalatedAt = new Date(Date.parse(raisedAt) + 1.5 * HOUR).toISOString()
  const note = '她最近很安靜，下課都一個人。請輔導老師本週找她談談。'
  await trx.insertInto('risk_alert_steps').values([
    { alert_id: byHand, user_id: teamTeacher, action: 'seen', note: '', at: seenAt },
    { alert_id: byHand, user_id: teamTeacher, action: 'escalated', note, at: escalatedAt },
  ]).execute()
  await trx.insertInto('alert_escalations').values({ alert_id: byHand, user_id: counsellor, escalated_by: teamTeacher, note, at: escalatedAt }).execute()
  await trx.updateTable('risk_alerts').set({ updated_at: escalatedAt }).where('id', '=', byHand).execute()
  await tell(byHand, s47.name ?? '', 'notification.alertEscalatedOf', escalatedAt, s47.id)

  // Nobody opened it: four school hours later it escalated by itself.
  const s48 = await student('student48@demo.test')
  const lateAt = new Date(now.getTime() - 5 * DAY).toISOString()
  const text48 = { title: '不敢回家', event: '昨天晚上爸爸喝醉又打我，我的手臂都是瘀青，我不敢回家。' }
  const post48 = await worryingPost(s48.id, lateAt, text48.title, text48.event)
  const byItself = await raise(s48.id, post48, lateAt, text48.event, text48.title)
  const due = escalationDue(lateAt, 'high', DEFAULT_ESCALATE_HOURS, calendarOf(await trx.selectFrom('teams').select(['school_days', 'school_start_hour', 'school_end_hour', 'closed_dates']).where('name', '=', 'Sunshine Elementary Team').executeTakeFirst(), journal.time_zone))!
  const dueAt = new Date(Math.min(due.getTime(), now.getTime() - HOUR)).toISOString()
  await trx.insertInto('risk_alert_steps').values({ alert_id: byItself, user_id: null, action: 'escalated', note: JSON.stringify({ hours: DEFAULT_ESCALATE_HOURS }), at: dueAt }).execute()
  await trx.insertInto('alert_escalations').values({ alert_id: byItself, user_id: counsellor, escalated_by: null, note: '', at: dueAt }).execute()
  await trx.updateTable('risk_alerts').set({ overdue_at: dueAt, updated_at: dueAt }).where('id', '=', byItself).execute()
  await tell(byItself, s48.name ?? '', 'notification.alertEscalatedAutoOf', dueAt, s48.id)
}
