import type { Insertable } from 'kysely'
import type { DB } from '~/db/connect.server'
import type { JournalsTable } from '~/db/schema'
import { isoIn, nowIso } from '~/db/time'
import { newInviteCode } from './codes.server'
import { EXPIRE_TYPE, INVITE_CODE_DAYS, SHARE_TYPE } from './constants'

type Required = 'owner_id' | 'name' | 'diary_publish_num'
export type NewJournal = Pick<Insertable<JournalsTable>, Required> & Partial<Omit<Insertable<JournalsTable>, Required | 'invite_code' | 'invite_code_expires_at' | 'teacher_invite_code' | 'created_at'>>

/**
 * The one place a journal row is written: the settings form, a copy, a course book and a contest
 * all start from the same defaults and get a fresh student invite code valid for 7 days, and the
 * teacher invitation code.
 */
export async function insertJournal(db: DB, values: NewJournal) {
  const { id } = await db
    .insertInto('journals')
    .values({
      description: '',
      label_color_code: 1,
      user_classes: '',
      speech_lang: 'en',
      calendar_mode: 0,
      ai_scoring: 0,
      expire_type: EXPIRE_TYPE.unlimited,
      sub_type: '',
      share_type: SHARE_TYPE.autoSubmit,
      ...values,
      invite_code: newInviteCode(),
      // Made with the journal, so that showing it (the info page, the invitation file) writes nothing.
      teacher_invite_code: newInviteCode('T'),
      invite_code_expires_at: isoIn(INVITE_CODE_DAYS * 86_400_000),
      created_at: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return id
}

/** At start: journals made before teacher codes came with the journal get theirs (no write on a page view). */
export async function giveTeacherCodes(db: DB) {
  const missing = await db.selectFrom('journals').select('id').where('teacher_invite_code', 'is', null).execute()
  for (const j of missing) await db.updateTable('journals').set({ teacher_invite_code: newInviteCode('T') }).where('id', '=', j.id).where('teacher_invite_code', 'is', null).execute()
}
