import { hash, verify } from '@node-rs/argon2'

// argon2id with the library's defaults (19 MiB, 2 passes), the OWASP minimum.
const ARGON2ID = 2
export const hashPassword = (password: string) => hash(password, { algorithm: ARGON2ID })
export const verifyPassword = (passwordHash: string, password: string) => verify(passwordHash, password).catch(() => false)
