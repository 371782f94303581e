import type { StudentDataRights } from '~/features/privacy/rights.server'
import { useT } from '~/i18n/use-t'
import { FastLink } from '~/ui/fast-link'

/**
 * The head of a student's data pages (decision 0047): where they are, the student, and the two pages,
 * Export and Erase. The owner comes back to the student's page, or to the journal's students while
 * the student's page is closed (an erasure waits: rule 12, decision 0061); a team's admin to the
 * team's page.
 */
export function StudentDataHead({ rights, current }: { rights: Pick<StudentDataRights, 'journal' | 'student' | 'isOwner' | 'open'>; current: 'export' | 'erase' }) {
  const { t } = useT()
  const base = `/diary/homework/${rights.journal.id}/student/${rights.student.id}`
  const back = !rights.isOwner ? (
    <FastLink to="/team/my?tab=data">{t('privacy.teamData')}</FastLink>
  ) : rights.open ? (
    <FastLink to={base}>{rights.student.name}</FastLink>
  ) : (
    <FastLink to={`/diary/homework/${rights.journal.id}/student`}>{t('privacy.journalStudents', { journal: rights.journal.name })}</FastLink>
  )
  return (
    <>
      <nav className="breadcrumbs" aria-label={t('privacy.breadcrumb')}>
        {back} › <span>{t('privacy.title')}</span>
      </nav>
      <h1>{t('privacy.heading', { name: rights.student.name, journal: rights.journal.name })}</h1>
      <nav className="tabs" aria-label={t('privacy.title')}>
        <FastLink to={`${base}/export`} aria-current={current === 'export' ? 'page' : undefined}>
          {t('privacy.exportTab')}
        </FastLink>
        <FastLink to={`${base}/erase`} aria-current={current === 'erase' ? 'page' : undefined}>
          {t('privacy.eraseTab')}
        </FastLink>
      </nav>
    </>
  )
}
