import { redirect } from 'react-router'
import type { Route } from './+types/home'

/** /diary/homework/{id} opens the journal's home, the news feed (spec 2 route table). */
export function loader({ params }: Route.LoaderArgs) {
  return redirect(`/diary/homework/${params.id}/news`)
}
