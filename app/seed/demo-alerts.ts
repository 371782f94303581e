import type { DB } from '~/db/connect.server'
import { journalMoodPosts } from '~/features/alerts/raise.server'
import { replayAlerts } from '~/features/alerts/replay'
import { findingsFor, usualOf, type Finding } from '~/features/alerts/rules'
import { alertSummary } from '~/features/alerts/summary'
import { extremeWordsIn } from '~/features/posts/extreme-words'
import { formatDate } from '~/shared/dates'

const HOUR = 3_600_000
const DAY = 24 * HOUR

/**
 * The demo's risk alerts (decision 0037): the rules replayed on 501's and 502's two months of posts, each
 * alert resolved with a trail but the newest of 501; and a post of 502's Student 28 from last night
 * with self-harm words, raising an open high-severity alert that `teacher@` was told of at once.
 * Both journals give their digests at their hours (alerts at 17:00, the emotion report at 08:00).
 */
export async function seedAlerts(trx: DB, { teacher, now }: { teacher: number; now: Date }) {
  const journal = async (name: string) => trx.selectFrom('journals').select(['id', 'name']).where('name', '=', name).executeTakeFirstOrThrow()
  const [j501, j502] = [await journal('501 心情日記'), await journal('502 Feelings Journal')]
  await trx.updateTable('journals').set({ notify_extreme_time: 17, notify_stat_time: 8 }).where('id', 'in', [j501.id, j502.id]).execute()

  const write = async (journalId: number, studentId: number, f: Finding, at: string, steps: { action: 'seen' | 'acknowledged' | 'resolved'; afterHours: number; note?: string }[]) => {
    const resolved = steps.find((s) => s.action === 'resolved')
    // A step never lies ahead of the demo's now: an alert raised this morning was looked at since.
    const latest = now.getTime() - 10 * 60_000
    const stepAt = (h: number) => new Date(Math.min(Date.parse(at) + h * HOUR, Math.max(Date.parse(at) + 60_000, latest - (100 - h) * 60_000))).toISOString()
    const last = steps.at(-1)
    const { id } = await trx
      .insertInto('risk_alerts')
      .values({
        journal_id: journalId,
        student_id: studentId,
        rule: f.rule,
        severity: f.severity,
        status: resolved ? 'resolved' : steps.some((s) => s.action === 'acknowledged') ? 'acknowledged' : 'open',
        snooze_until: null,
        reasons: JSON.stringify(f.reasons),
        created_at: at,
        updated_at: last ? stepAt(last.afterHours) : at,
        resolved_at: resolved ? stepAt(resolved.afterHours) : null,
        // The demo's teacher judged each resolved alert worth seeing.
        verdict: resolved ? 'right' : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await trx
      .insertInto('risk_alert_steps')
      .values([{ alert_id: id, user_id: null, action: 'raised' as const, note: '', at }, ...steps.map((s) => ({ alert_id: id, user_id: teacher, action: s.action, note: s.note ?? '', at: stepAt(s.afterHours) }))])
      .execute()
    return id
  }

  const NOTES = {
    '501 心情日記': '已與學生個別談話，並通知家長；輔導老師本週會再關心。',
    '502 Feelings Journal': 'Talked with the student after class and called home; the school counsellor will see them weekly.',
  } as const
  for (const j of [j501, j502]) {
    const raised = replayAlerts(await journalMoodPosts(trx, j.id))
    for (const [i, a] of raised.entries()) {
      const newest = i === raised.length - 1 && j.id === j501.id
      const steps = newest
        ? [{ action: 'seen' as const, afterHours: 20 }]
        : [{ action: 'seen' as const, afterHours: 2 }, { action: 'acknowledged' as const, afterHours: 3 }, { action: 'resolved' as const, afterHours: 50, note: NOTES[j.name as keyof typeof NOTES] }]
      await write(j.id, a.studentId, a, a.at, steps)
    }
  }

  // Last night's post with worrying words, as a student wrote it; its alert is open and high.
  const student = await trx.selectFrom('users').select(['id', 'name']).where('account', '=', 'student28@demo.test').executeTakeFirstOrThrow()
  await trx.selectFrom('journal_members').select('user_id').where('journal_id', '=', j502.id).where('user_id', '=', student.id).executeTakeFirstOrThrow()
  const at = new Date(now.getTime() - 14 * HOUR).toISOString()
  const text = { title: 'A very long night', event: 'I could not sleep again. Everyone at home was shouting and nobody listened to me.', behaviour: 'Sometimes I want to die and I think they would be better off without me.' }
  const { id: postId } = await trx
    .insertInto('posts')
    .values({ journal_id: j502.id, creator_id: student.id, title: text.title, diary_date: formatDate(at, 'Asia/Taipei'), location: 'Home', happen_time: 'Night', status: 1, score: null, is_video: 0, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow()
  const frame = async (position: number, frame_type: 'event' | 'emotion' | 'behavior', message: string) =>
    (await trx.insertInto('post_frames').values({ post_id: postId, position, frame_type, message, img_url: null }).returning('id').executeTakeFirstOrThrow()).id
  await frame(1, 'event', text.event)
  const feelings = await frame(2, 'emotion', '')
  const did = await frame(3, 'behavior', text.behaviour)
  await trx.insertInto('post_emotions').values(['B', '14'].map((emotion_code) => ({ post_id: postId, frame_id: feelings, emotion_code }))).execute()
  await trx.insertInto('post_behaviours').values({ post_id: postId, frame_id: did, behaviour_code: 6 }).execute()
  const hits = extremeWordsIn([text.title, text.event, text.behaviour].join('\n'))
  await trx.insertInto('post_flags').values(hits.map((h) => ({ post_id: postId, category: h.category, words: h.words.join(', '), created_at: at }))).execute()
  const posts = await journalMoodPosts(trx, j502.id)
  // The rules read the post as the student's newest (as when it was saved).
  const history = [...posts.filter((p) => p.studentId === student.id && p.id !== postId), posts.find((p) => p.id === postId)!]
  const usual = usualOf(posts.filter((p) => Date.parse(p.createdAt) >= now.getTime() - 28 * DAY).map((p) => p.mood))
  const words = findingsFor(history, usual).find((f) => f.rule === 'words')
  if (!words) throw new Error('the demo post raises no words alert')
  const alertId = await write(j502.id, student.id, words, at, [])
  await trx
    .insertInto('notifications')
    .values({ user_id: teacher, type: 'd', event_key: `alert:${alertId}:high`, msg_key: 'notification.alertHighOf', params: JSON.stringify({ student: student.name ?? 'Student 28', journal: j502.name, concern: alertSummary(words.rule, words.reasons).concern }), link: `/diary/homework/${j502.id}/alerts/${alertId}`, actor_id: student.id, journal_id: j502.id, created_at: at, read_at: null })
    .execute()

  // teacher@ watches the students with alerts and two more in each class: the watched list puts the open alerts first.
  for (const j of [j501, j502]) {
    const alerted = (await trx.selectFrom('risk_alerts').select('student_id').where('journal_id', '=', j.id).execute()).map((a) => a.student_id)
    const others = (await trx.selectFrom('journal_members').select('user_id').where('journal_id', '=', j.id).where('role', '=', 'student').orderBy('user_id').limit(2).execute()).map((m) => m.user_id)
    const watched = [...new Set([...alerted, ...others])]
    await trx.insertInto('student_cases').values(watched.map((student_id) => ({ teacher_id: teacher, journal_id: j.id, student_id, created_at: now.toISOString() }))).onConflict((oc) => oc.doNothing()).execute()
  }
}
