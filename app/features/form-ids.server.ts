import { data } from 'react-router'
import { parseId } from '~/shared/lists'

/** A row id posted by a form: a positive integer, or the request is refused (400) before any query. */
export function idField(form: FormData, name: string) {
  const id = parseId(form.get(name))
  if (id === null) throw data(null, 400)
  return id
}

/** Several ids (checkboxes); anything that is not an id is dropped. */
export const idFields = (form: FormData, name: string) =>
  form
    .getAll(name)
    .map(parseId)
    .filter((id) => id !== null)
