/**
 * A message for the next page. A snackbar (the journal pages' quick confirmations, spec 2) goes
 * after 2 s, a toast after 3 s (spec 1 and 3); an error stays until closed.
 */
export interface ToastMessage {
  kind: 'success' | 'error' | 'info'
  key: string
  values?: Record<string, string | number>
  snackbar?: true
  /** Set when flashed: the same message twice in a row is shown twice. */
  id?: string
}

/** A flashed message as the page shows it: written on the server in the reader's language. */
export type ShownToast = Omit<ToastMessage, 'key' | 'values'> & { text: string }
