import type { TFunction } from 'i18next'
import { db } from '~/db/db.server'
import { feedbackOf, teacherFeedback, weeklyFeedback } from './feedback.server'
import type { Period } from './period'
import { dateOf, hours, workbookOf } from './workbook.server'

/** The Feedback page's three tables for its period as a workbook, every student on one sheet, and its file name. */
export async function feedbackWorkbook(scope: { journal: { id: number; name: string }; timeZone: string; period: Period }, t: TFunction) {
  const where = { journalId: scope.journal.id, timeZone: scope.timeZone }
  const [{ totals, students }, weeks] = await Promise.all([feedbackOf(db, where, scope.period), weeklyFeedback(db, where, scope.period)])
  const teachers = await teacherFeedback(db, where, scope.period, totals.posts)
  const file = await workbookOf([
    {
      name: t('feedback.sheetStudents'),
      head: [t('feedback.student'), t('feedback.posts'), t('feedback.answered'), t('feedback.waiting'), t('feedback.oldestDate'), t('feedback.oldestDays'), t('feedback.medianHours')],
      rows: students.map((s) => [s.name, s.posts, s.answered, s.waiting, dateOf(s.oldest?.createdAt, scope.timeZone), s.oldest ? s.oldest.schoolDays : '', hours(s.medianSecs)]),
    },
    {
      name: t('feedback.sheetTeachers'),
      head: [t('feedback.teacher'), t('feedback.comments'), t('feedback.postsAnswered'), t('feedback.share'), t('feedback.medianHours')],
      rows: teachers.map((x) => [x.name, x.comments, x.answered, x.share, hours(x.medianSecs)]),
    },
    {
      name: t('feedback.sheetWeeks'),
      head: [t('feedback.week'), t('feedback.posts'), t('feedback.answered'), t('feedback.medianHours')],
      rows: weeks.map((w) => [w.week, w.posts, w.answered, hours(w.medianSecs)]),
    },
  ])
  return { file, name: `${scope.journal.name} - ${t('feedback.file')} ${scope.period.start}_${scope.period.end}.xlsx` }
}
