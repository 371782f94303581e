import type { PayFunctionId } from '~/features/plans/constants'
import { hasFunction } from '~/features/plans/pay-functions'
import { can, type TeamRight } from '~/features/team/roles'

/**
 * Main menu of the console (spec 1 section 2). An item is listed once its page is built; `fn`
 * names the pay function it is read against, `modes` where it shows.
 */
export interface MenuItem {
  to: string
  labelKey: 'console.menuMyJournals' | 'console.menuSamples' | 'console.menuBooks' | 'console.menuTeam' | 'console.menuStudents' | 'console.menuRoster' | 'console.menuPlanCodes' | 'console.menuCounsellor'
  modes: ('personal' | 'team')[]
  fn?: PayFunctionId
  /** A team right the item needs (the counsellor's page, decision 0046). Without a team role, only
   * runJournals: a teacher on their own runs their journals. */
  right?: TeamRight
}

export const MAIN_MENU: MenuItem[] = [
  { to: '/diary', labelKey: 'console.menuMyJournals', modes: ['personal', 'team'], right: 'runJournals' },
  { to: '/diarySample', labelKey: 'console.menuSamples', modes: ['personal', 'team'], right: 'runJournals' },
  { to: '/student', labelKey: 'console.menuStudents', modes: ['personal', 'team'], right: 'runJournals' },
  // Rosters from the school's systems (decision 0075): a team's admin imports the team's classes, a teacher their own.
  { to: '/roster', labelKey: 'console.menuRoster', modes: ['personal', 'team'], right: 'runJournals' },
  { to: '/diarySample/resourcesBook', labelKey: 'console.menuBooks', modes: ['personal'], right: 'runJournals' },
  { to: '/team/my', labelKey: 'console.menuTeam', modes: ['team'] },
  { to: '/my/ucp', labelKey: 'console.menuPlanCodes', modes: ['personal', 'team'], right: 'runJournals' },
  { to: '/counsellor', labelKey: 'console.menuCounsellor', modes: ['personal', 'team'], right: 'receiveEscalations' },
]

/** The item a path belongs to: the longest matching prefix (a book page is not "Journal samples"). */
export function activeItem(items: MenuItem[], pathname: string) {
  return items.filter((i) => pathname === i.to || pathname.startsWith(`${i.to}/`)).sort((a, b) => b.to.length - a.to.length)[0]?.to
}

export function menuFor(mode: 'personal' | 'team', payfunctionMap: Record<string, 0 | 1>, teamRoleId: number | null = null) {
  return MAIN_MENU.filter((item) => item.modes.includes(mode) && (!item.fn || hasFunction({ payfunctionMap }, item.fn)) && (!item.right || mayUse(item.right, teamRoleId)))
}

/** A team role's right; without a team, a teacher runs their own journals and has no other team right. */
function mayUse(right: TeamRight, teamRoleId: number | null) {
  return teamRoleId === null ? right === 'runJournals' : can(teamRoleId, right)
}
