import { createContext, RouterContextProvider } from 'react-router'

/** Per-request values the express server hands to React Router. */
export const nonceContext = createContext<string>('')
export const clientAddressContext = createContext<string>('unknown')

export function createLoadContext(nonce: string, clientAddress: string) {
  const context = new RouterContextProvider()
  context.set(nonceContext, nonce)
  context.set(clientAddressContext, clientAddress)
  return context
}
