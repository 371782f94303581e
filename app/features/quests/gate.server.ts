import { data, type RouterContextProvider } from 'react-router'
import { requireJournalReader } from '~/auth/guards.server'
import { db } from '~/db/db.server'
import { requireJournal } from '~/features/journals/access.server'
import { SHARE_TYPE } from '~/features/journals/constants'
import { journalOf } from '~/features/journals/gate.server'
import { contestOfJournal } from './contest.server'

/** A quest page under the journal layout: the gate's result and the journal's contest; 404 for any other journal. */
export async function questJournalOf(context: Readonly<RouterContextProvider>, { ownerOnly = false } = {}) {
  const gate = journalOf(context, { ownerOnly })
  const contest = gate.journal.shareType === SHARE_TYPE.quest ? await contestOfJournal(db, gate.journal.id) : null
  if (!contest) throw data(null, { status: 404 })
  return { ...gate, contest }
}

/** /contest/{id}/edit, outside the journal layout: the journal's owner only (404, 403), and a contest journal. */
export async function requireContestJournal(request: Request, context: Readonly<RouterContextProvider>, param: string | undefined) {
  const signedIn = await requireJournalReader(request, context)
  const { journal } = await requireJournal(db, param, signedIn.user.userId, { ownerOnly: true })
  const contest = journal.shareType === SHARE_TYPE.quest ? await contestOfJournal(db, journal.id) : null
  if (!contest) throw data(null, { status: 404 })
  return { ...signedIn, journal, contest }
}
