import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'

/**
 * A OneRoster client secret at rest (decision 0076). The project keeps its secrets out of
 * the repository and the database: SESSION_SECRET comes from the environment (or the data folder).
 * A secret an admin types is sealed with AES-256-GCM under a key drawn from it (HKDF, its own
 * label), so a copy of the database alone does not give it away; every app process opens it with
 * the same SESSION_SECRET. It is never sent back to a page.
 */
export const sealingKey = (sessionSecret: string) => Buffer.from(hkdfSync('sha256', sessionSecret, 'school-console', 'roster-source-secret', 32))

export function sealSecret(plain: string, key: Buffer) {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
  return `v1.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`
}

/** The secret, or null when it was sealed under another SESSION_SECRET (the admin enters it again). */
export function openSecret(sealed: string, key: Buffer): string | null {
  if (!sealed.startsWith('v1.')) return null
  const raw = Buffer.from(sealed.slice(3), 'base64url')
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12))
    decipher.setAuthTag(raw.subarray(12, 28))
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8')
  } catch {
    return null
  }
}
