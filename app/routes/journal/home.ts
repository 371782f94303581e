import { redirect } from 'react-router'
import type { Route } from './+types/home'

// /diary/homework/{id} opens the journal's home. The spec's home is the news feed, which comes with
// the posts work; until it exists the home is the journal info page (decision 0008).
export function loader({ params }: Route.LoaderArgs) {
  return redirect(`/diary/homework/${params.id}/info`)
}
