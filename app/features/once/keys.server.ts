import type { DB } from '~/db/connect.server'

/**
 * The one-time form keys' store (decision 0072): a key is claimed by one insert that fails
 * on conflict (the primary key), so of two requests with the same key, in one process or in two,
 * exactly one runs the action; the other waits for its answer. The answer is kept for a day.
 */

/** How long a key and its answer are kept. */
export const KEY_LIFETIME_MS = 24 * 60 * 60 * 1000
/**
 * A key still `pending` after this long was claimed by a process that died mid-action: the next send
 * takes it over. No action of the console runs this long (the longest, a class import of 1,000
 * students, takes under a second; PDFs and zips run as jobs).
 */
export const ABANDONED_AFTER_MS = 2 * 60 * 1000
/** How long a second send waits for the first one's answer, and how often it looks. */
export const WAIT_MS = 30_000
const POLL_MS = 100

/** A key is a browser's random UUID or the server's page seed and a form's id: letters, digits, `-`, `_`, `:`, `.`. */
export const isFormKey = (key: unknown): key is string => typeof key === 'string' && /^[\w:.-]{16,100}$/.test(key)

export type Claim =
  /** This request holds the key: run the action, then `keepAnswer` or `releaseKey`. */
  | { kind: 'claimed' }
  /** An earlier request with the key has answered: answer the same. */
  | { kind: 'answered'; answer: string }
  /** The key was made for another form (another path): refuse. */
  | { kind: 'elsewhere' }
  /** The first request is still running after `WAIT_MS`. */
  | { kind: 'busy' }

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Claim `key` for the action at `path`, or wait for the answer of the request that holds it. A key
 * released (its request failed and wrote nothing) is claimed again; one abandoned is taken over.
 */
export async function claimKey(db: DB, key: string, path: string, { waitMs = WAIT_MS, now = () => Date.now() } = {}): Promise<Claim> {
  const deadline = now() + waitMs
  await forgetOldKeys(db, now())
  for (;;) {
    const claimedAt = new Date(now()).toISOString()
    const inserted = await db
      .insertInto('form_keys')
      .values({ key, path, state: 'pending', answer: null, created_at: claimedAt })
      .onConflict((oc) => oc.column('key').doNothing())
      .returning('key')
      .executeTakeFirst()
    if (inserted) return { kind: 'claimed' }
    const row = await db.selectFrom('form_keys').select(['path', 'state', 'answer', 'created_at']).where('key', '=', key).executeTakeFirst()
    if (!row) continue // released between the insert and the read: try again
    if (row.path !== path) return { kind: 'elsewhere' }
    if (row.state === 'done' && row.answer !== null) return { kind: 'answered', answer: row.answer }
    // Pending: a request that died mid-action left it; take it over, atomically (one taker wins).
    if (Date.parse(row.created_at) < now() - ABANDONED_AFTER_MS) {
      const taken = await db
        .updateTable('form_keys')
        .set({ created_at: claimedAt })
        .where('key', '=', key)
        .where('state', '=', 'pending')
        .where('created_at', '=', row.created_at)
        .executeTakeFirst()
      if (Number(taken.numUpdatedRows) === 1) return { kind: 'claimed' }
      continue
    }
    if (now() >= deadline) return { kind: 'busy' }
    await sleep(POLL_MS)
  }
}

/** The action answered: keep the answer (JSON) against the key, for the same key's next sends. */
export async function keepAnswer(db: DB, key: string, answer: string) {
  await db.updateTable('form_keys').set({ state: 'done', answer }).where('key', '=', key).execute()
}

/** The action failed and wrote nothing (a server error, a refusal thrown before it wrote): the key may be sent again. */
export async function releaseKey(db: DB, key: string) {
  await db.deleteFrom('form_keys').where('key', '=', key).where('state', '=', 'pending').execute()
}

/** Keys older than a day are forgotten (on a claim: an indexed delete of what little has aged since the last). */
export async function forgetOldKeys(db: DB, now = Date.now()) {
  await db.deleteFrom('form_keys').where('created_at', '<', new Date(now - KEY_LIFETIME_MS).toISOString()).execute()
}

/** What a signed-out person sent (decision 0074): the form's text fields, kept against its key until they sign in and send it. */
export type ParkedForm = { path: string; fields: [string, string][] }

/** Keeps a form sent after its session ended, against its key; false when the key is in use already (sent before). */
export async function parkForm(db: DB, key: string, form: ParkedForm, now = Date.now()) {
  await forgetOldKeys(db, now)
  const parked = await db
    .insertInto('form_keys')
    .values({ key, path: form.path, state: 'parked', answer: JSON.stringify(form.fields), created_at: new Date(now).toISOString() })
    .onConflict((oc) => oc.column('key').doNothing())
    .returning('key')
    .executeTakeFirst()
  return Boolean(parked)
}

/** A parked form, while it waits (not yet sent again, not older than a day). */
export async function parkedForm(db: DB, key: string): Promise<ParkedForm | null> {
  const row = await db
    .selectFrom('form_keys')
    .select(['path', 'answer'])
    .where('key', '=', key)
    .where('state', '=', 'parked')
    .where('created_at', '>=', new Date(Date.now() - KEY_LIFETIME_MS).toISOString())
    .executeTakeFirst()
  return row?.answer ? { path: row.path, fields: JSON.parse(row.answer) as [string, string][] } : null
}

/** A parked form was sent (with its key, from its resume page or its old page): it is no longer offered. */
export async function unparkForm(db: DB, key: string) {
  await db.deleteFrom('form_keys').where('key', '=', key).where('state', '=', 'parked').execute()
}
