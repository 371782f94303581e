import { randomInt } from 'node:crypto'

// Letters and digits that cannot be mistaken for each other when read aloud or copied from a board.
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'

/** A fresh invitation code: 8 characters, about 40 bits. Uniqueness is left to the unique index. */
export function newInviteCode(prefix = '') {
  let code = prefix
  for (let i = 0; i < 8; i++) code += ALPHABET[randomInt(ALPHABET.length)]
  return code
}
