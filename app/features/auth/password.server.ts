import { hash, verify } from '@node-rs/argon2'

// argon2id with the library's defaults (19 MiB, 2 passes), the OWASP minimum.
const ARGON2ID = 2
export const hashPassword = (password: string) => hash(password, { algorithm: ARGON2ID })
export const verifyPassword = (passwordHash: string, password: string) => verify(passwordHash, password).catch(() => false)

/**
 * Passwords of imported students: argon2id with 4 MiB and one pass, so that a year group of a
 * thousand imports in about a second instead of ten (docs/decisions/0022-student-import.md). The
 * hash is upgraded to the standard parameters at the student's first sign-in.
 */
const STUDENT_IMPORT = { algorithm: ARGON2ID, memoryCost: 4096, timeCost: 1, parallelism: 1 } as const
export const hashStudentPassword = (password: string) => hash(password, STUDENT_IMPORT)
export const isImportHash = (passwordHash: string) => passwordHash.includes('$m=4096,t=1,p=1$')
