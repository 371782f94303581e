import { data } from 'react-router'

/** A row id posted by a form: a positive integer, or the request is refused (400) before any query. */
export function idField(form: FormData, name: string) {
  const id = Number(form.get(name))
  if (!Number.isSafeInteger(id) || id < 1) throw data(null, 400)
  return id
}

/** Several ids (checkboxes); anything that is not an id is dropped. */
export const idFields = (form: FormData, name: string) =>
  form
    .getAll(name)
    .map(Number)
    .filter((id) => Number.isSafeInteger(id) && id > 0)
