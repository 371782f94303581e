import { createContext, RouterContextProvider } from 'react-router'

/** Per-request values the express server hands to React Router. */
export const nonceContext = createContext<string>('')

export function createLoadContext(nonce: string) {
  const context = new RouterContextProvider()
  context.set(nonceContext, nonce)
  return context
}
