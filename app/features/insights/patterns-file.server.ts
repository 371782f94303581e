import type { TFunction } from 'i18next'
import { db } from '~/db/db.server'
import { BEHAVIOURS } from '~/features/posts/constants'
import { behaviourName, emotionName } from '~/features/posts/names'
import { percentOf } from './figures'
import type { Period } from './period'
import { readPatterns } from './patterns.server'
import { workbookOf } from './workbook.server'

/**
 * The Patterns page's three tables for its period, the class's or one student's, as a workbook
 * (decision 0049), and its file name.
 */
export async function patternsWorkbook(scope: { journal: { id: number; name: string }; period: Period }, student: { id: number; name: string } | null, t: TFunction) {
  const where = { journalId: scope.journal.id, start: scope.period.start, end: scope.period.end, studentId: student?.id }
  const { figures, feelings, matrix } = await readPatterns(db, where)
  const file = await workbookOf([
    {
      name: t('patterns.sheetTopics'),
      head: [t('patterns.topic'), t('patterns.posts'), t('patterns.students'), t('patterns.negativePosts'), t('patterns.negativeShare'), t('patterns.allShare'), t('patterns.difference')],
      rows: [
        ...figures.topics.map((x) => [t(`topic.${x.topic}`), x.posts, x.students, x.negative, x.percent, figures.percent, x.diff]),
        [t('patterns.noTopic'), figures.posts - figures.withTopic, '', '', '', '', ''],
      ],
    },
    {
      name: t('patterns.sheetFeelings'),
      head: [t('patterns.feeling'), t('patterns.posts'), ...[1, 2, 3].flatMap((n) => [t('patterns.topicN', { n }), t('patterns.postsN', { n })])],
      rows: feelings.map((f) => [emotionName(f.emotion, t), f.posts, ...f.topics.flatMap((x) => [t(`topic.${x.topic}`), x.count])]),
    },
    {
      name: t('patterns.sheetCoping'),
      head: [t('patterns.feeling'), t('patterns.posts'), ...BEHAVIOURS.flatMap((b) => [behaviourName(b.code, t), `${behaviourName(b.code, t)} (%)`])],
      rows: matrix.map((r) => [emotionName(r.emotion, t), r.posts, ...r.counts.flatMap((n) => [n, percentOf(n, r.posts)])]),
    },
  ])
  const what = student ? `${t('patterns.file')} ${student.name}` : t('patterns.file')
  return { file, name: `${scope.journal.name} - ${what} ${scope.period.start}_${scope.period.end}.xlsx` }
}
