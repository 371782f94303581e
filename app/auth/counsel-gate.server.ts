import { data, type RouterContextProvider } from 'react-router'
import { requireUser } from '~/auth/guards.server'
import { db } from '~/db/db.server'
import { can } from '~/features/team/roles'
import { membershipOf } from '~/features/team/team.server'

/**
 * The counsellor's pages (decision 0046): a signed-in member whose team role receives escalations (a
 * counsellor, or an admin of a team without one). Anyone else: 403. Not behind a plan's lock or a
 * pay function: safeguarding is not a paid feature.
 */
export async function requireCounsellor(request: Request, context: Readonly<RouterContextProvider>) {
  const signedIn = await requireUser(request, context)
  const membership = await membershipOf(db, signedIn.user.userId)
  if (!membership || !can(membership.roleId, 'receiveEscalations')) throw data(null, { status: 403 })
  return { ...signedIn, membership }
}
