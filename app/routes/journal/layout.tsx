import { Outlet, useLocation } from 'react-router'
import { FastLink } from '~/ui/fast-link'
import type { Route } from './+types/layout'
import { journalGate, journalOf } from '~/auth/journal-gate.server'
import { useT } from '~/i18n/use-t'
import { hasSubType, SHARE_TYPE, SUB_TYPE } from '~/features/journals/constants'
import { activeAlertCount } from '~/features/alerts/manage.server'
import { db } from '~/db/db.server'

/**
 * Every page under /diary/homework/{id}: refused on the server (404 or 403) to anyone who is not the
 * journal's owner or an accepted teacher; the side menu lists the journal's pages that exist.
 */
export const middleware: Route.MiddlewareFunction[] = [journalGate]

export async function loader({ context }: Route.LoaderArgs) {
  const { journal, role } = journalOf(context)
  const quest = journal.shareType === SHARE_TYPE.quest
  const menu = [...(quest ? QUEST_MENU : []), ...MENU]
    .filter((item) => item.to !== 'resource' || journal.resourceBookId !== null)
    .filter((item) => item.to !== 'quiz' || hasSubType(journal.subType, SUB_TYPE.assessment))
    // A contest journal's info page is its contest info.
    .map((item) => (quest && item.to === 'info' ? { ...item, to: 'contestinfo' as const } : item))
  // The risk alerts that need someone, beside their menu item (decision 0037).
  const alerts = await activeAlertCount(db, journal.id)
  return { journal: { id: journal.id, name: journal.name }, role, menu, alerts }
}

// A contest (quest) journal adds its quest pages at the top (spec 2 side menu).
const QUEST_MENU = [
  { to: 'questList', labelKey: 'journal.menuQuestList' },
  { to: 'quest', labelKey: 'journal.menuQuests' },
] as const

// The journal's pages that exist, in the spec's order; resources only for a journal from a book,
// assessment only when the journal's sub-types include it.
const MENU = [
  { to: 'news', labelKey: 'journal.menuNews' },
  { to: 'student', labelKey: 'journal.menuStudents' },
  // Who has not written today or this week, and a reminder (decision 0052).
  { to: 'notWritten', labelKey: 'journal.menuNotWritten' },
  { to: 'case', labelKey: 'journal.menuCases' },
  { to: 'alerts', labelKey: 'journal.menuAlerts' },
  { to: 'collection', labelKey: 'journal.menuCollection' },
  { to: 'sendback', labelKey: 'journal.menuReturned' },
  { to: 'info', labelKey: 'journal.menuInfo' },
  { to: 'resource', labelKey: 'journal.menuResources' },
  { to: 'quiz', labelKey: 'journal.menuAssessment' },
  { to: 'export', labelKey: 'journal.menuExport' },
  { to: 'report', labelKey: 'journal.menuReport' },
  // Who waits for an answer, and what comes before and after a feeling (decision 0048).
  { to: 'feedback', labelKey: 'journal.menuFeedback' },
  { to: 'patterns', labelKey: 'journal.menuPatterns' },
] as const

export default function JournalLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useT()
  const { journal, menu } = loaderData
  const { pathname } = useLocation()
  // Active as a NavLink would be: the page itself or one under it (a student under "Students").
  const isActive = (to: string) => pathname === to || pathname.startsWith(`${to}/`)
  return (
    <div className="journal">
      <nav className="journal-menu" aria-label={t('journal.menu')}>
        <FastLink discover to="/diary" className="back">
          ← {t('journal.back')}
        </FastLink>
        <p className="journal-name">{journal.name}</p>
        <ul>
          {menu.map((item) => {
            const to = `/diary/homework/${journal.id}/${item.to}`
            const active = isActive(to)
            return (
              <li key={item.to}>
                <FastLink discover to={to} className={active ? 'active' : undefined} aria-current={active ? 'page' : undefined}>
                  {t(item.labelKey)}
                  {item.to === 'alerts' && loaderData.alerts ? (
                    <>
                      <span className="menu-count" aria-hidden>
                        {loaderData.alerts}
                      </span>
                      <span className="visually-hidden">{t('journal.alertsOpen', { count: loaderData.alerts })}</span>
                    </>
                  ) : null}
                </FastLink>
              </li>
            )
          })}
        </ul>
      </nav>
      <div className="journal-page">
        <Outlet />
      </div>
    </div>
  )
}
