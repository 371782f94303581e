import type { DB } from '~/db/connect.server'
import { counselOf } from '~/features/alerts/escalate.server'
import { alertDetail } from '~/features/alerts/manage.server'
import { historyOf } from '~/features/alerts/raise.server'
import { citedPosts } from '~/features/alerts/record.server'
import { citedPostIds } from '~/features/alerts/summary'
import { mayCounsel } from './access.server'

/**
 * What a counsellor sees of an alert escalated to them (decision 0046), and nothing more of its journal:
 * the alert with its reasons and trail, the posts it cites (their frames and feelings, not their
 * comments), and the student's mood over their recent posts (dates and feelings, no titles).
 * Null when the alert was not escalated to them (or they no longer hold the role).
 */
export async function counsellorView(db: DB, userId: number, alertId: number) {
  const access = await mayCounsel(db, userId, alertId)
  if (!access) return null
  const alert = (await alertDetail(db, access.journalId, alertId))!
  const [counsel, posts, history, journal] = await Promise.all([
    counselOf(db, alertId),
    citedPosts(db, access.journalId, citedPostIds(JSON.stringify(alert.reasons))),
    historyOf(db, access.journalId, alert.studentId),
    db.selectFrom('journals').select(['name', 'speech_lang as lang']).where('id', '=', access.journalId).executeTakeFirstOrThrow(),
  ])
  return {
    journalId: access.journalId,
    journal: journal.name,
    lang: journal.lang === 'zh' ? 'zh-Hant' : journal.lang,
    alert,
    counsel,
    posts: posts.map((p) => ({ id: p.id, title: p.title, diaryDate: p.diaryDate, location: p.location, happenTime: p.happenTime, frames: p.frames, emotions: p.emotions, behaviours: p.behaviours })),
    mood: history.map((p) => ({ date: p.diaryDate, emotions: p.emotions, mood: p.mood })),
  }
}
