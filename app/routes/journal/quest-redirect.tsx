import { redirect } from 'react-router'
import type { Route } from './+types/quest-redirect'
import { journalOf } from '~/auth/journal-gate.server'

/**
 * Old and alternative addresses of the quest pages: `/contestInfo` (spec 3 spelling) and
 * `/quest/{qid}` (spec 3 quest news) open `/contestinfo` and `/questList/{qid}`.
 */
export function loader({ context, params }: Route.LoaderArgs) {
  const { journal } = journalOf(context)
  return redirect(params.qid ? `/diary/homework/${journal.id}/questList/${params.qid}` : `/diary/homework/${journal.id}/contestinfo`)
}

// Never shown; a page route so that a refused journal answers with the error page.
export default function QuestRedirect() {
  return null
}
