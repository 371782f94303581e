import { sql, type CreateTableBuilder, type Kysely } from 'kysely'
import type { Dialect } from '../dialect'

/**
 * Sharing with a family (decision 0047).
 * - `family_packs`: a teacher's pick of a student's posts with a note, made into a PDF (kept in the
 *   row); its optional share link: a token, a password's argon2id hash, an expiry (7 days by
 *   default, 30 at most), its revocation; and the student's consent to it (`consent`).
 * - `journals.share_consent`: whether a student must agree before a link to their diary is shared:
 *   'under13' (the default: students under 13, or whose age is not known), 'always', 'never'.
 * - `ebook_shares.expires_at`: an e-book's share link expires too; links made before get 7 days.
 */
export const familyPacksAndConsent = (dialect: Dialect) => ({
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    const id = <T extends string>(t: CreateTableBuilder<T, never>) =>
      dialect === 'postgres' ? t.addColumn('id', 'serial', (c) => c.primaryKey()) : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    const bytes = dialect === 'postgres' ? 'bytea' : 'blob'
    await db.schema.createTable('family_packs').$call(id)
      .addColumn('journal_id', 'integer', (c) => c.notNull().references('journals.id').onDelete('cascade'))
      .addColumn('student_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('made_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('post_ids', 'text', (c) => c.notNull())
      .addColumn('period_from', 'text', (c) => c.notNull())
      .addColumn('period_to', 'text', (c) => c.notNull())
      .addColumn('pdf', bytes, (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('share_token', 'text', (c) => c.unique())
      .addColumn('share_password_hash', 'text')
      .addColumn('share_expires_at', 'text')
      .addColumn('share_revoked_at', 'text')
      .addColumn('consent', 'text', (c) => c.notNull().defaultTo('none'))
      .addColumn('consent_at', 'text')
      .addCheckConstraint('family_packs_consent', sql`consent in ('none', 'needed', 'agreed', 'declined', 'notNeeded')`)
      .execute()
    await db.schema.createIndex('family_packs_student').on('family_packs').columns(['student_id', 'consent']).execute()
    await db.schema.alterTable('journals').addColumn('share_consent', 'text', (c) => c.notNull().defaultTo('under13')).execute()
    await db.schema.alterTable('ebook_shares').addColumn('expires_at', 'text').execute()
    const shares = await db.selectFrom('ebook_shares').select(['ebook_id', 'created_at']).execute()
    for (const s of shares) await db.updateTable('ebook_shares').set({ expires_at: new Date(Date.parse(s.created_at) + 7 * 86_400_000).toISOString() }).where('ebook_id', '=', s.ebook_id).execute()
  },
})
