import { redirect } from 'react-router'
import type { Route } from './+types/home'
import { journalOf } from '~/auth/journal-gate.server'
import { SHARE_TYPE } from '~/features/journals/constants'

/** /diary/homework/{id} opens the journal's home: the news feed, or a contest journal's quest list (spec 2 route table). */
export function loader({ context }: Route.LoaderArgs) {
  const { journal } = journalOf(context)
  return redirect(`/diary/homework/${journal.id}/${journal.shareType === SHARE_TYPE.quest ? 'questList' : 'news'}`)
}

// Never shown (the loader always redirects), but it makes this a page route: a journal the gate
// refuses (404, 403) then answers with the error page, not with the bare response of a resource route.
export default function JournalHome() {
  return null
}
