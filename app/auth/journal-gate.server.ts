import { createContext, data, type MiddlewareFunction, type RouterContextProvider } from 'react-router'
import { requireJournalReader, type SignedIn } from './guards.server'
import { db } from '~/db/db.server'
import { inSchoolZone } from '~/time-zone.server'
import { requireJournal, type JournalHead, type JournalRole } from '~/features/journals/access.server'

interface Gate extends SignedIn {
  journal: JournalHead
  role: JournalRole
}
const gateContext = createContext<Gate>()

/**
 * The journal layout's middleware: every request under /diary/homework/{id} (page, data or action)
 * passes the access check once (404 or 403, decision 0008) and the plan lock, and the pages read
 * its result. Its times are the journal's school's (decision 0044).
 */
export const journalGate: MiddlewareFunction<Response> = async ({ request, context, params }, next) => {
  const signedIn = await requireJournalReader(request, context)
  const { journal, role } = await requireJournal(db, params.id, signedIn.user.userId)
  context.set(gateContext, { ...signedIn, journal, role })
  return inSchoolZone(journal.timeZone, next)
}

/** The gate's result; `ownerOnly` for what only the owner may do (403 for an accepted teacher). */
export function journalOf(context: Readonly<RouterContextProvider>, { ownerOnly = false } = {}) {
  const gate = context.get(gateContext)
  if (ownerOnly && gate.role !== 'owner') throw data(null, { status: 403 })
  return gate
}
