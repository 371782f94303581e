import type { TFunction } from 'i18next'
import { data } from 'react-router'
import { db } from '~/db/db.server'
import { parseId } from '~/shared/lists'
import { behaviourName, emotionName } from '~/features/posts/names'
import { journalStudent } from '~/features/students/list.server'
import { copingFinding, feelingFinding, topicFinding } from './findings'
import { NEGATIVE_EMOTIONS, parsePatternPick, patternPickValue, patternPosts, readPatterns, studentCoping, type PatternPick } from './patterns.server'
import type { InsightsScope } from './period'

/**
 * Everything /diary/homework/{id}/patterns shows (decision 0049): events → feelings (topics against
 * the class, with a chart), the topics before each negative feeling, feelings → behaviour (a heat
 * map), for the class or one student (`student`) against the class, and the posts behind a
 * clicked cell or bar. Without the reports' pay function: locked, no data.
 */
export async function patternsPage(scope: InsightsScope, request: Request, t: TFunction) {
  const { journal, period } = scope
  const params = new URL(request.url).searchParams
  let student: { id: number; name: string } | null = null
  if (params.get('student')) {
    // A student who is not in the journal is not found, as their page is not.
    const s = parseId(params.get('student')) ? await journalStudent(db, journal.id, params.get('student') ?? undefined).catch(() => null) : null
    if (!s) throw data(null, { status: 404 })
    student = { id: s.id, name: String(s.name) }
  }
  const base = { journal: { id: journal.id, name: journal.name }, student }
  if (scope.locked) return { ...base, locked: true as const }

  const klass = { journalId: journal.id, start: period.start, end: period.end }
  const mine = student ? { ...klass, studentId: student.id } : klass
  const [{ figures, feelings, matrix }, whole] = await Promise.all([readPatterns(db, mine), student ? readPatterns(db, klass) : null])
  const classFigures = whole?.figures
  const classMatrix = whole?.matrix
  const keep = new URLSearchParams(scope.keep)
  if (student) keep.set('student', String(student.id))
  const href = (pick: string) => `?${new URLSearchParams([...keep, ['pick', pick]])}#picked`
  const chart = figures.topics.length
    ? (await import('./charts.server')).topicBars(
        figures.topics.map((x) => ({ ...x, label: t(`topic.${x.topic}`) })),
        { percent: figures.percent, label: student ? t('patterns.allTheirPosts') : t('patterns.classShare') },
        t('patterns.topicsTitle'),
        href,
      )
    : null

  const pick = parsePatternPick(params.get('pick'))
  const pages = Math.min(Math.max(1, Number.parseInt(params.get('more') ?? '1', 10) || 1), 200)
  const picked = pick ? { pick: patternPickValue(pick), label: pickLabel(pick, t), pages, ...(await patternPosts(db, mine, pick, pages)) } : null
  return {
    ...base,
    locked: false as const,
    period,
    error: scope.error,
    created: scope.created,
    today: scope.today,
    asked: scope.asked,
    keep: keep.toString(),
    figures,
    // Each topic's share in the class beside the student's.
    classTopics: classFigures ? Object.fromEntries(classFigures.topics.map((x) => [x.topic, x.percent])) : null,
    classPercent: classFigures?.percent ?? null,
    feelings,
    matrix,
    versus: classMatrix ? studentCoping(matrix, classMatrix) : null,
    findings: { topics: topicFinding(figures), feelings: feelingFinding(feelings), coping: copingFinding(matrix, NEGATIVE_EMOTIONS) },
    chart,
    picked,
  }
}

function pickLabel(pick: PatternPick, t: TFunction) {
  if (pick.kind === 'topic') return pick.negative ? t('patterns.pickNegative', { topic: t(`topic.${pick.topic}`) }) : t(`topic.${pick.topic}`)
  if (pick.kind === 'notopic') return t('patterns.noTopic')
  if (pick.kind === 'topicEmotion') return `${t(`topic.${pick.topic}`)} → ${emotionName(pick.emotion, t)}`
  return `${emotionName(pick.emotion, t)} → ${behaviourName(pick.behaviour, t)}`
}
