/** One change to the quest selection being made (spec 2 quest selection), on the server or in the browser. */
export type SelectionIntent = 'add' | 'remove' | 'addAll' | 'removeAll' | 'up' | 'down'
export const SELECTION_INTENTS: readonly SelectionIntent[] = ['add', 'remove', 'addAll', 'removeAll', 'up', 'down']

/**
 * The selection after one change: the same rule for the page without JavaScript (each button posts)
 * and with it (the buttons act at once). Adding stops at `max`; an id that is not available is
 * ignored, so a stale or forged form changes nothing.
 */
export function applySelection(chosen: number[], available: number[], intent: SelectionIntent, questId: number | null, max: number): number[] {
  const list = chosen.filter((id, i) => available.includes(id) && chosen.indexOf(id) === i)
  const at = questId === null ? -1 : list.indexOf(questId)
  switch (intent) {
    case 'add':
      return questId !== null && at < 0 && available.includes(questId) && list.length < max ? [...list, questId] : list
    case 'remove':
      return list.filter((id) => id !== questId)
    case 'addAll':
      return [...list, ...available.filter((id) => !list.includes(id))].slice(0, Math.max(max, list.length))
    case 'removeAll':
      return []
    case 'up':
    case 'down': {
      const to = intent === 'up' ? at - 1 : at + 1
      if (at < 0 || to < 0 || to >= list.length) return list
      const next = [...list]
      ;[next[at], next[to]] = [next[to], next[at]]
      return next
    }
  }
}

/** Moves one id to another's place (drag and drop). */
export function moveTo(chosen: number[], id: number, before: number) {
  const rest = chosen.filter((x) => x !== id)
  const at = rest.indexOf(before)
  if (at < 0) return chosen
  return [...rest.slice(0, at), id, ...rest.slice(at)]
}
