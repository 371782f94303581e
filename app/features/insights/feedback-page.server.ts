import type { TFunction } from 'i18next'
import { db } from '~/db/db.server'
import { offsetOf, pageParam, pagesOf, TABLE_PAGE_SIZE } from '~/shared/lists'
import { feedbackOf, teacherFeedback, weeklyFeedback, WAIT_SCHOOL_DAYS, withOldestPosts } from './feedback.server'
import type { InsightsScope } from './period'

/**
 * Everything /diary/homework/{id}/feedback shows (decision 0048): the period, the journal's figures,
 * the students (longest-waiting first, ten a page), the teachers and the weekly trend with its
 * chart. Without the reports' pay function: locked, no data.
 */
export async function feedbackPage(scope: InsightsScope, request: Request, t: TFunction) {
  const { journal, period } = scope
  const base = { journal: { id: journal.id, name: journal.name } }
  if (scope.locked) return { ...base, locked: true as const }
  const where = { journalId: journal.id, timeZone: scope.timeZone }
  const [{ totals, students }, weeks] = await Promise.all([feedbackOf(db, where, period), weeklyFeedback(db, where, period)])
  const teachers = await teacherFeedback(db, where, period, totals.posts)
  const page = Math.min(pageParam(new URL(request.url).searchParams), pagesOf(students.length))
  const chart = weeks.some((w) => w.posts > 0) ? (await import('./charts.server')).weeklyChart(weeks, { posts: t('feedback.posts'), answered: t('feedback.answered'), title: t('feedback.trendTitle') }) : null
  return {
    ...base,
    locked: false as const,
    period,
    error: scope.error,
    created: scope.created,
    today: scope.today,
    asked: scope.asked,
    keep: scope.keep,
    waitDays: WAIT_SCHOOL_DAYS,
    totals,
    students: { rows: await withOldestPosts(db, journal.id, students.slice(offsetOf(page), offsetOf(page) + TABLE_PAGE_SIZE)), total: students.length, page, totalPages: pagesOf(students.length) },
    teachers,
    weeks,
    chart,
  }
}
