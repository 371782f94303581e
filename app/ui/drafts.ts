/**
 * Drafts (decision 0073): what a person types into a long form (a student's post, a
 * teacher's comment, an e-book page) is kept in the browser's localStorage, under the signed-in
 * person and the form, until it is sent; the form offers it back after a reload, a crash or a lost
 * connection (ui/form.tsx). Signing out removes every draft of that person: school PCs are shared.
 * Without JavaScript there is no draft: the server gives a refused form back with what was typed.
 */
const PREFIX = 'draft:'

export type Draft = { at: string; values: [string, string][] }

const storage = () => {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage
  } catch {
    return null // storage blocked by the browser's settings: no drafts
  }
}

export const draftKey = (owner: string, form: string) => `${PREFIX}${owner}:${form}`

export function readDraft(key: string): Draft | null {
  try {
    const draft = JSON.parse(storage()?.getItem(key) ?? 'null') as Draft | null
    return draft && Array.isArray(draft.values) ? draft : null
  } catch {
    return null
  }
}

/** The form's typed values: text and choices, never files, hidden fields or the one-time key. */
export function valuesOf(form: HTMLFormElement): [string, string][] {
  const values: [string, string][] = []
  for (const el of Array.from(form.elements) as HTMLInputElement[]) {
    if (!el.name || el.disabled || el.type === 'hidden' || el.type === 'file' || el.type === 'submit' || el.type === 'button') continue
    if ((el.type === 'checkbox' || el.type === 'radio') && !el.checked) continue
    values.push([el.name, el.value])
  }
  return values
}

export function saveDraft(key: string, form: HTMLFormElement, initial: string) {
  const values = valuesOf(form)
  // Nothing typed yet (the form as it was drawn): nothing to keep.
  if (JSON.stringify(values) === initial) return storage()?.removeItem(key)
  try {
    storage()?.setItem(key, JSON.stringify({ at: new Date().toISOString(), values } satisfies Draft))
  } catch {
    // Storage full: the form still works, without a draft.
  }
}

/** Puts a draft's values back into the form's fields. */
export function restoreDraft(form: HTMLFormElement, draft: Draft) {
  for (const el of Array.from(form.elements) as HTMLInputElement[]) {
    if (!el.name || el.type === 'hidden' || el.type === 'file' || el.type === 'submit' || el.type === 'button') continue
    // Through the element's own setter: a field React controls sees the change as typed (its onChange runs).
    const set = (property: 'checked' | 'value', value: boolean | string) => Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el), property)?.set?.call(el, value)
    if (el.type === 'checkbox' || el.type === 'radio') set('checked', draft.values.some(([k, v]) => k === el.name && v === el.value))
    else {
      const found = draft.values.find(([k]) => k === el.name)
      if (found) set('value', found[1])
    }
    // Form libraries that follow their fields (conform) and React's onChange see the change.
    el.dispatchEvent(new Event('input', { bubbles: true }))
  }
}

export const clearDraft = (key: string) => storage()?.removeItem(key)

/** At sign-out: every draft of the person who signs out (or of anyone, when the page does not know who). */
export function clearDraftsOf(owner: string | null) {
  const store = storage()
  if (!store) return
  const mine = owner ? `${PREFIX}${owner}:` : PREFIX
  for (const key of Object.keys(store)) if (key.startsWith(mine)) store.removeItem(key)
}
