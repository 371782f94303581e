import { redirect } from 'react-router'
import type { Route } from './+types/home'

/** /diary/homework/{id} opens the journal's home, the news feed (spec 2 route table). */
export function loader({ params }: Route.LoaderArgs) {
  return redirect(`/diary/homework/${params.id}/news`)
}

// Never shown (the loader always redirects), but it makes this a page route: a journal the gate
// refuses (404, 403) then answers with the error page, not with the bare response of a resource route.
export default function JournalHome() {
  return null
}
