import type { Kysely } from 'kysely'

/**
 * One-time form keys (decision 0072): every form that writes carries a key made when its
 * page is drawn; the first request with a key claims it (the primary key: a second insert of the
 * same key fails, in every process), runs the action and keeps its answer; the same key again
 * answers that and writes nothing. `state` is `pending` while the first request runs, `done` once
 * its answer is kept in `answer` (JSON); `parked` for a form sent after its session ended, its
 * fields in `answer` until the person signs in and sends it (decision 0074). `path` is the action's URL path: a key is answered only
 * for the form it was made for. Rows live a day (`created_at`, indexed for the clean-up).
 */
export const formKeys = () => ({
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('form_keys')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('path', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('answer', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute()
    await db.schema.createIndex('form_keys_created').on('form_keys').column('created_at').execute()
  },
})
