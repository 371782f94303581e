import type { DB } from '~/db/connect.server'
import type { JournalHead } from '~/features/journals/access.server'
import { formatDate, todayDate } from '~/shared/dates'
import { readPatterns, studentCoping } from './patterns.server'
import { periodOf } from './period'

/**
 * The patterns section of a student's page (decision 0049): over the term (one student writes too few
 * posts in a month to tell), their topics with the share of a negative feeling beside the class's,
 * and how they cope with each feeling against the class.
 */
export async function studentPatterns(db: DB, journal: JournalHead, studentId: number) {
  const { time_zone: timeZone } = await db.selectFrom('journals').select('time_zone').where('id', '=', journal.id).executeTakeFirstOrThrow()
  const { period } = periodOf(new URLSearchParams('period=term'), { created: formatDate(journal.createdAt, timeZone), today: todayDate(new Date(), timeZone), timeZone })
  const klass = { journalId: journal.id, start: period.start, end: period.end }
  const mine = { ...klass, studentId }
  const [{ figures, matrix }, { figures: classFigures, matrix: classMatrix }] = await Promise.all([readPatterns(db, mine), readPatterns(db, klass)])
  const classShare = new Map(classFigures.topics.map((x) => [x.topic, x.percent]))
  return {
    period,
    posts: figures.posts,
    percent: figures.percent,
    classPercent: classFigures.percent,
    topics: figures.topics.map((x) => ({ ...x, classPercent: classShare.get(x.topic) ?? 0 })),
    versus: studentCoping(matrix, classMatrix),
  }
}
