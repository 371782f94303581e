import { data, type RouterContextProvider } from 'react-router'
import { requireJournalReader } from './guards.server'
import { db } from '~/db/db.server'
import { requireJournal } from '~/features/journals/access.server'
import { SHARE_TYPE } from '~/features/journals/constants'
import { journalOf } from './journal-gate.server'
import { parseId } from '~/shared/lists'
import { contestHead, contestOfJournal } from '~/features/quests/contest.server'
import { viewerTeams } from '~/features/quests/ranking.server'

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

/**
 * /contest/{contestId}/ranking, outside any journal: a contest (404) that one of the reader's
 * journals takes part in (403), with the reader's teams in it.
 */
export async function requireContestReader(request: Request, context: Readonly<RouterContextProvider>, param: string | undefined) {
  const signedIn = await requireJournalReader(request, context)
  const contestId = parseId(param)
  const contest = contestId === null ? undefined : await contestHead(db, contestId)
  if (!contest) throw data(null, { status: 404 })
  const mine = await viewerTeams(db, contest.id, signedIn.user.userId)
  if (!mine) throw data(null, { status: 403 })
  return { ...signedIn, contest, mine }
}
