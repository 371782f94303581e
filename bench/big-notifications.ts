// Decision 0037: teacher@ with 10,000 notifications (a third unread), so /diary's bell is measured on a
// reader with a long history: its unread count must not cost /diary its budget.
import { connect } from '../app/db/connect.server'

export const BIG_NOTIFICATIONS = 10_000

export async function seedBigNotifications(options: { databaseUrl?: string; sqliteFile?: string }) {
  const { db } = connect(options)
  const teacher = await db.selectFrom('users').select('id').where('account', '=', 'teacher@demo.test').executeTakeFirstOrThrow()
  const now = Date.now()
  for (let start = 0; start < BIG_NOTIFICATIONS; start += 500) {
    await db
      .insertInto('notifications')
      .values(
        Array.from({ length: 500 }, (_, i) => {
          const n = start + i
          const at = new Date(now - n * 600_000).toISOString()
          return { user_id: teacher.id, type: n % 4 === 0 ? ('c' as const) : ('d' as const), event_key: `bench:${n}`, msg_key: 'notification.studentJoined', params: JSON.stringify({ student: `Student ${n}`, journal: 'Bench' }), link: '/diary', actor_id: null, journal_id: null, created_at: at, read_at: n % 3 === 0 ? null : at }
        }),
      )
      .execute()
  }
  await db.destroy()
}
