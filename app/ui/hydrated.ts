import { useSyncExternalStore } from 'react'

const subscribe = () => () => {}

/**
 * True once the page's script runs (false in the server's HTML and during hydration). A form may
 * block its submit on an error only then: without JavaScript the user must be able to send it again.
 */
export const useHydrated = () => useSyncExternalStore(subscribe, () => true, () => false)
