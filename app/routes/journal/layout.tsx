import { NavLink, Outlet, Link } from 'react-router'
import type { Route } from './+types/layout'
import { journalGate, journalOf } from '~/features/journals/gate.server'
import { useT } from '~/i18n/use-t'

/**
 * Every page under /diary/homework/{id}: refused on the server (404 or 403) to anyone who is not the
 * journal's owner or an accepted teacher; the side menu lists the journal's pages that exist.
 */
export const middleware: Route.MiddlewareFunction[] = [journalGate]

export function loader({ context }: Route.LoaderArgs) {
  const { journal, role } = journalOf(context)
  const menu = MENU.filter((item) => item.to !== 'resource' || journal.resourceBookId !== null)
  return { journal: { id: journal.id, name: journal.name }, role, menu }
}

// The journal's pages that exist, in the spec's order; resources only for a journal from a book.
const MENU = [
  { to: 'news', labelKey: 'journal.menuNews' },
  { to: 'student', labelKey: 'journal.menuStudents' },
  { to: 'case', labelKey: 'journal.menuCases' },
  { to: 'collection', labelKey: 'journal.menuCollection' },
  { to: 'sendback', labelKey: 'journal.menuReturned' },
  { to: 'info', labelKey: 'journal.menuInfo' },
  { to: 'resource', labelKey: 'journal.menuResources' },
  { to: 'export', labelKey: 'journal.menuExport' },
  { to: 'report', labelKey: 'journal.menuReport' },
] as const

export default function JournalLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useT()
  const { journal, menu } = loaderData
  return (
    <div className="journal">
      <nav className="journal-menu" aria-label={t('journal.menu')}>
        <Link to="/diary" className="back">
          ← {t('journal.back')}
        </Link>
        <p className="journal-name">{journal.name}</p>
        <ul>
          {menu.map((item) => (
            <li key={item.to}>
              <NavLink to={`/diary/homework/${journal.id}/${item.to}`}>{t(item.labelKey)}</NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="journal-page">
        <Outlet />
      </div>
    </div>
  )
}
