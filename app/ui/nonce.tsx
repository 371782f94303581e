import { createContext, useContext } from 'react'

// The CSP nonce of this response. Browsers hide nonce attributes after load, so it is empty on the client.
const NonceContext = createContext('')
export const NonceProvider = NonceContext.Provider
export const useNonce = () => useContext(NonceContext)
