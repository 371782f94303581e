import i18next from 'i18next'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { journalFeedback, longWaiting, studentFeedback, teacherFeedback, weeklyFeedback, withOldestPosts } from '~/features/insights/feedback.server'
import { periodOf, termStart } from '~/features/insights/period'
import { lastDayWaiting, schoolDaysBetween, weekOf } from '~/features/insights/school-days'
import { runDueDigests } from '~/features/digests/digests.server'
import { addComment, deleteComment, sendBack } from '~/features/posts/comments.server'
import { createPost } from '~/features/students/posts.server'
import { resources } from '~/i18n/resources'
import { addCoTeacher, joinStudents, newJournal } from '../support/journals'
import { namedAccounts } from '../support/people'
import { DIALECTS, freshDatabase } from '../support/db'

const HOUR = 3_600_000

describe('school days', () => {
  // 2026-11-16 is a Monday.
  it('count the weekdays after the day a post was written, up to today', () => {
    expect(schoolDaysBetween('2026-11-20', '2026-11-23')).toBe(1) // Friday to Monday: only Monday
    expect(schoolDaysBetween('2026-11-21', '2026-11-23')).toBe(1) // Saturday to Monday
    expect(schoolDaysBetween('2026-11-23', '2026-11-23')).toBe(0)
    expect(schoolDaysBetween('2026-11-17', '2026-11-23')).toBe(4) // Tuesday: Wed, Thu, Fri, Mon
    expect(schoolDaysBetween('2026-11-02', '2026-11-23')).toBe(15)
    expect(schoolDaysBetween('2026-11-23', '2026-11-20')).toBe(0)
  })
  it('find the last day a post must be from to have waited n school days', () => {
    expect(lastDayWaiting('2026-11-23', 4)).toBe('2026-11-17')
    expect(schoolDaysBetween(lastDayWaiting('2026-11-23', 4), '2026-11-23')).toBe(4)
    expect(schoolDaysBetween('2026-11-18', '2026-11-23')).toBe(3)
    expect(lastDayWaiting('2026-11-21', 1)).toBe('2026-11-19') // a Saturday: Friday was the last school day
  })
  it('start a week on Monday', () => {
    expect([weekOf('2026-11-16'), weekOf('2026-11-22'), weekOf('2026-11-23')]).toEqual(['2026-11-16', '2026-11-16', '2026-11-23'])
  })
})

describe('periods', () => {
  const at = { created: '2026-09-10', today: '2026-11-23', timeZone: 'Asia/Taipei' }
  it('presets, the term by the school\'s calendar, and a custom range checked', () => {
    expect(periodOf(new URLSearchParams(''), at)).toEqual({ period: { kind: '30', start: '2026-10-25', end: '2026-11-23' } })
    expect(periodOf(new URLSearchParams('period=7'), at).period.start).toBe('2026-11-17')
    // Taiwan's semester began on 1 August, before the journal: the term starts with the journal.
    expect(periodOf(new URLSearchParams('period=term'), at).period).toEqual({ kind: 'term', start: '2026-09-10', end: '2026-11-23' })
    expect(termStart('2026-11-23', 'Asia/Tokyo')).toBe('2026-09-01')
    expect(termStart('2026-02-10', 'Asia/Tokyo')).toBe('2026-01-01')
    expect(termStart('2026-01-10', 'Asia/Taipei')).toBe('2025-08-01')
    expect(periodOf(new URLSearchParams('start=2026-10-01&end=2026-10-31'), at)).toEqual({ period: { kind: 'custom', start: '2026-10-01', end: '2026-10-31' } })
  })
  it('refuses a reversed range, one in the future and a date that is not one, with the default period', () => {
    for (const [query, error] of [
      ['start=2026-11-20&end=2026-11-01', 'report.startAfterEnd'],
      ['start=2026-11-20&end=2026-12-31', 'report.outOfRange'],
      ['start=2027-01-01&end=2027-01-31', 'report.outOfRange'],
      ['start=2026-02-30&end=2026-03-01', 'report.badDate'],
      ['start=yesterday&end=2026-11-01', 'report.badDate'],
    ]) {
      expect(periodOf(new URLSearchParams(query), at), query).toEqual({ period: { kind: '30', start: '2026-10-25', end: '2026-11-23' }, error })
    }
    expect(periodOf(new URLSearchParams('period=999'), at).period.kind).toBe('30')
  })
})

describe.each(DIALECTS)('feedback figures on %s', (dialect) => {
  let conn: Awaited<ReturnType<typeof freshDatabase>>
  const id: Record<string, number> = {}
  const post: Record<string, number> = {}
  let journalId: number
  let emptyJournal: number
  // Monday 23 November 2026, 10:00 in Taipei.
  const monday = new Date('2026-11-23T02:00:00Z')
  const period = { kind: '30' as const, start: '2026-10-25', end: '2026-11-23' }
  const scope = () => ({ journalId, timeZone: 'Asia/Taipei' })
  // A moment in Taipei (UTC+8).
  const taipei = (date: string, hour: number) => new Date(Date.parse(`${date}T00:00:00Z`) + (hour - 8) * HOUR)

  const write = async (who: string, title: string, at: Date) => {
    vi.setSystemTime(at)
    post[title] = await createPost(conn.db, id[who], journalId, { title, diaryDate: at.toISOString().slice(0, 10), event: 'A day at school.', emotions: ['B'], behaviour: '4' })
  }
  const comment = async (who: string, title: string, at: Date, text = `Thank you, ${title}`) => {
    vi.setSystemTime(at)
    const r = await addComment(conn.db, { postId: post[title], block: null, authorId: id[who], comment: text, type: 3 })
    if (!r.ok) throw new Error('comment')
    return r.id
  }

  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-01T02:00:00Z') })
    conn = await freshDatabase(dialect)
    Object.assign(id, await namedAccounts(conn.db, ['owner', 'cot', 'stranger', 'amy', 'ben', 'cat', 'dan']))
    journalId = await newJournal(conn.db, id.owner, { name: 'Class', studentLimit: '9' })
    emptyJournal = await newJournal(conn.db, id.stranger, { name: 'Quiet', studentLimit: '9' })
    await addCoTeacher(conn.db, journalId, id.cot)
    await joinStudents(conn.db, journalId, [id.amy, id.ben, id.cat, id.dan])

    // Counted by hand below (Taipei time; the week of 16 November, then Monday the 23rd).
    await write('cat', 'C1', taipei('2026-11-16', 9)) // Monday: the co-teacher answers 26 hours later
    await write('ben', 'B1', taipei('2026-11-17', 9)) // Tuesday: never answered, 4 school days by Monday
    await write('ben', 'B2', taipei('2026-11-18', 9)) // Wednesday: the owner answers after 2 hours
    await write('ben', 'B3', taipei('2026-11-18', 10)) // sent back for revision: not waiting
    await write('amy', 'A1', taipei('2026-11-19', 15)) // Thursday: 2 school days by Monday
    await write('amy', 'A2', taipei('2026-11-20', 8)) // Friday: 1 school day by Monday
    await write('cat', 'C2', taipei('2026-11-20', 9)) // Friday: the owner after 4 hours, the co-teacher after 30
    await write('cat', 'C3', taipei('2026-11-21', 9)) // Saturday: only a comment the word filter hid, and one from a teacher of another journal
    await comment('cot', 'C1', taipei('2026-11-17', 11))
    await comment('owner', 'B2', taipei('2026-11-18', 11))
    await comment('owner', 'C2', taipei('2026-11-20', 13))
    await comment('cot', 'C2', taipei('2026-11-21', 15))
    await comment('stranger', 'C3', taipei('2026-11-21', 12))
    await comment('owner', 'C3', taipei('2026-11-21', 13), 'Do not be stupid')
    await sendBack(conn.db, post.B3)
    vi.setSystemTime(monday)
  })
  afterAll(async () => {
    await conn.close()
    vi.useRealTimers()
  })

  it('lists who waits, longest first, with school days across the weekend and the median time to an answer', async () => {
    const rows = await studentFeedback(conn.db, scope(), period, monday)
    expect(rows.map((r) => [r.name, r.posts, r.answered, r.waiting, r.oldest?.schoolDays ?? null, r.medianSecs])).toEqual([
      ['BEN', 3, 1, 1, 4, 2 * 3600],
      ['AMY', 2, 0, 2, 2, null],
      ['CAT', 3, 2, 1, 1, 15 * 3600],
      ['DAN', 0, 0, 0, null, null],
    ])
    // The page looks up the posts to link for the rows it shows.
    const linked = await withOldestPosts(conn.db, journalId, rows)
    expect(linked.map((r) => r.oldest?.postId)).toEqual([post.B1, post.A1, post.C3, undefined])
  })

  it('sums the journal and gives each teacher of it the same table, owner first', async () => {
    expect(await journalFeedback(conn.db, scope(), period)).toEqual({ posts: 8, answered: 3, waiting: 4, waitingStudents: 3, medianSecs: 4 * 3600 })
    expect(await teacherFeedback(conn.db, scope(), period, 8)).toEqual([
      { id: id.owner, name: 'OWNER', owner: true, comments: 2, answered: 2, share: 25, medianSecs: 3 * 3600 },
      { id: id.cot, name: 'COT', owner: false, comments: 2, answered: 2, share: 25, medianSecs: 28 * 3600 },
    ])
  })

  it('trends by school week', async () => {
    const weeks = await weeklyFeedback(conn.db, scope(), period)
    expect(weeks).toHaveLength(8)
    expect(weeks.at(-2)).toEqual({ week: '2026-11-16', partial: false, posts: 8, answered: 3, medianSecs: 4 * 3600 })
    expect(weeks.at(-1)).toEqual({ week: '2026-11-23', partial: true, posts: 0, answered: 0, medianSecs: null })
  })

  it('counts posts that waited more than three school days for the digest, and says so in every language', async () => {
    expect(await longWaiting(conn.db, scope(), monday)).toEqual({ posts: 1, students: 1, days: 3 })
    expect(await longWaiting(conn.db, scope(), taipei('2026-11-25', 9))).toEqual({ posts: 2, students: 2, days: 3 })
    expect(await longWaiting(conn.db, { journalId: emptyJournal, timeZone: 'Asia/Taipei' }, monday)).toBeNull()
    const t = (lng: string) => {
      const i = i18next.createInstance()
      void i.init({ lng, resources, fallbackLng: 'en', interpolation: { escapeValue: false }, initAsync: false })
      return i.t
    }
    expect(t('en')('notification.digestWaiting', { journal: 'Class', count: 5, students: 3, days: 3 })).toBe('Class: 5 posts from 3 students have waited more than 3 school days for an answer.')
    expect(t('en')('notification.digestWaiting', { journal: 'Class', count: 1, students: 1, days: 3 })).toBe('Class: 1 post from 1 student has waited more than 3 school days for an answer.')
    expect(t('zh-TW')('notification.digestWaiting', { journal: '五年一班', count: 5, students: 3, days: 3 })).toBe('五年一班：3 位學生的 5 篇日記已等待回覆超過 3 個上課日。')
    expect(t('ja')('notification.digestWaiting', { journal: '5年1組', count: 5, students: 3, days: 3 })).toBe('5年1組：3 人の日記 5 件が、3 登校日を超えて返事を待っています。')
  })

  it('adds the line to the journal\'s first digest of the day, linking to the table', async () => {
    // The journal's digests at 10 and 17 in Taipei: the line comes with the 10 o'clock one.
    await conn.db.updateTable('journals').set({ notify_submit_time: 17, notify_stat_time: 10, notify_extreme_time: null }).where('id', '=', journalId).execute()
    await runDueDigests(conn.db, taipei('2026-11-25', 17))
    const waitingNotices = () => conn.db.selectFrom('notifications').select(['user_id', 'params', 'link']).where('msg_key', '=', 'notification.digestWaiting').orderBy('user_id').execute()
    expect(await waitingNotices()).toEqual([])
    await runDueDigests(conn.db, taipei('2026-11-26', 10))
    const told = await waitingNotices()
    expect(told.map((n) => n.user_id)).toEqual([id.owner, id.cot].sort((a, b) => a - b))
    // By Thursday the 26th: B1, A1, A2 and C3 (Saturday's post has waited Monday to Thursday).
    expect(JSON.parse(told[0].params)).toEqual({ journal: 'Class', count: 4, students: 3, days: 3 })
    expect(told[0].link).toBe(`/diary/homework/${journalId}/feedback`)
  })

  it('keeps the answers right when a comment is deleted, filtered or added by every writer', async () => {
    const answered = async (title: string) => (await conn.db.selectFrom('posts').select(['first_answer_at', 'answer_secs']).where('id', '=', post[title]).executeTakeFirstOrThrow())
    expect(await answered('B2')).toEqual({ first_answer_at: taipei('2026-11-18', 11).toISOString(), answer_secs: 7200 })
    const c = await conn.db.selectFrom('comments').select('id').where('post_id', '=', post.B2).executeTakeFirstOrThrow()
    expect(await deleteComment(conn.db, { postId: post.B2, commentId: c.id, userId: id.owner, isOwner: true })).toBe(true)
    expect(await answered('B2')).toEqual({ first_answer_at: null, answer_secs: null })
    // The co-teacher's later comment on C2 becomes its first answer when the owner's is hidden.
    await conn.db.updateTable('comments').set({ status: 2 }).where('post_id', '=', post.C2).where('author_id', '=', id.owner).execute()
    expect((await answered('C2')).answer_secs).toBe(30 * 3600)
    expect((await studentFeedback(conn.db, scope(), period, monday))[0]).toMatchObject({ name: 'BEN', waiting: 2 })
  })

  it('gives a journal with no posts, and a period with none, zeros and no median', async () => {
    const quiet = { journalId: emptyJournal, timeZone: 'Asia/Taipei' }
    expect(await journalFeedback(conn.db, quiet, period)).toEqual({ posts: 0, answered: 0, waiting: 0, waitingStudents: 0, medianSecs: null })
    expect(await studentFeedback(conn.db, quiet, period, monday)).toEqual([])
    expect((await weeklyFeedback(conn.db, quiet, period)).every((w) => w.posts === 0 && w.medianSecs === null)).toBe(true)
    const before = { kind: 'custom' as const, start: '2026-11-01', end: '2026-11-10' }
    expect((await studentFeedback(conn.db, scope(), before, monday)).every((r) => r.posts === 0 && r.oldest === null)).toBe(true)
    expect(await teacherFeedback(conn.db, scope(), before, 0)).toMatchObject([{ comments: 0, share: 0, medianSecs: null }, { comments: 0, share: 0, medianSecs: null }])
  })
})
