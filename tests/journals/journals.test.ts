import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { journalAccess } from '~/features/journals/access.server'
import { acceptTeacher, removeTeacher, teacherCodeOf } from '~/features/journals/info.server'
import { joinAsTeacher } from '~/features/journals/join.server'
import { archiveJournal, duplicateJournal } from '~/features/journals/lifecycle.server'
import { JournalSettingsSchema, type JournalSettings } from '~/features/journals/schema'
import { createJournal, settingsOf, ticketsFor, updateJournal } from '~/features/journals/settings.server'
import { joinAsStudent, studentJournals } from '~/features/students/join.server'
import { DIALECTS, freshDatabase } from '../support/db'
import { accountsFor, asStudents } from '../support/people'

const settings = (over: Partial<JournalSettings> = {}): JournalSettings => ({
  name: 'Class 601',
  labelColorCode: '3',
  speechLang: 'en',
  display: 'list',
  expireType: '1',
  studentLimit: '20',
  shareType: '2',
  ...over,
})

describe('journal settings form rules', () => {
  const parse = (values: Record<string, string>) => {
    const r = JournalSettingsSchema.safeParse({ ...settings(), ...values })
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}:${i.message}`)
  }
  it('names every broken rule at once', () => {
    expect(parse({ name: ' ', studentLimit: '0', expireType: '2', notifyStat: 'on', aiScoring: 'on', speechLang: 'zh' }).sort()).toEqual(
      ['aiScoring:journalSettings.aiScoringEnglishOnly', 'expireDate:validation.required', 'expireTime:validation.required', 'name:validation.required', 'notifyStatTime:validation.required', 'studentLimit:journalSettings.limitAtLeastOne'].sort(),
    )
  })
  it('a colour or choice that is not offered says so; nothing chosen is "required"', () => {
    expect(parse({ labelColorCode: '9' })).toEqual(['labelColorCode:validation.notAChoice'])
    expect(parse({ labelColorCode: '' })).toEqual(['labelColorCode:validation.required'])
    expect(parse({ speechLang: 'fr' })).toEqual(['speechLang:validation.notAChoice'])
  })
  it('refuses an expiry before today and accepts a complete form', () => {
    expect(parse({ expireType: '2', expireDate: '2000-01-01', expireTime: '08:00' })).toEqual(['expireDate:journalSettings.expireBeforeToday'])
    expect(parse({ expireType: '2', expireDate: '2999-01-01', expireTime: '08:00', notifySubmit: 'on', notifySubmitTime: '-1' })).toEqual([])
  })
})

describe.each(DIALECTS)('journals on %s', (dialect) => {
  let conn: Awaited<ReturnType<typeof freshDatabase>>
  let owner: number
  let colleague: number
  beforeAll(async () => {
    conn = await freshDatabase(dialect)
    ;({ owner, colleague } = await accountsFor(conn.db, ['owner', 'colleague']))
  })
  afterAll(() => conn.close())

  it('limits a journal to the unsold tickets and writes nothing when over', async () => {
    const first = await createJournal(conn.db, { userId: owner, planLimit: 30 }, settings({ studentLimit: '20' }))
    expect(first.ok).toBe(true)
    const over = await createJournal(conn.db, { userId: owner, planLimit: 30 }, settings({ name: 'Too big', studentLimit: '11' }))
    expect(over).toEqual({ ok: false, fieldErrors: { studentLimit: ['journalSettings.limitOverTickets|count=10'] } })
    expect(await conn.db.selectFrom('journals').select('name').where('name', '=', 'Too big').execute()).toHaveLength(0)
    if (!first.ok) return
    expect(await ticketsFor(conn.db, owner, 30, first.id)).toEqual({ max: 30, taken: 0 })
    expect((await updateJournal(conn.db, first.id, { userId: owner, planLimit: 30 }, settings({ studentLimit: '30', expireType: '2', expireDate: '2999-12-31', expireTime: '17:30' }))).ok).toBe(true)
    expect(await settingsOf(conn.db, first.id)).toMatchObject({ studentLimit: '30', expireType: '2', expireDate: '2999-12-31', expireTime: '17:30' })
    // The copy needs tickets too: the plan's 30 are all held.
    expect(await duplicateJournal(conn.db, first.id, 30, (n) => `${n} (copy)`)).toEqual({ ok: false })
  })

  it('saving the settings keeps a contest journal\'s type and the sub-types the form does not show', async () => {
    const j = await createJournal(conn.db, { userId: owner, planLimit: 100 }, settings({ name: 'Contest', studentLimit: '5' }))
    if (!j.ok) throw new Error('create')
    // 2 (an AI-scoring sample) is not on the form; 6 (assessment) is, and it is off here.
    await conn.db.updateTable('journals').set({ share_type: '5', sub_type: '2,6' }).where('id', '=', j.id).execute()
    expect((await updateJournal(conn.db, j.id, { userId: owner, planLimit: 100 }, settings({ name: 'Contest', studentLimit: '5', shareType: '3', display: 'calendar' }))).ok).toBe(true)
    const row = await conn.db.selectFrom('journals').select(['share_type', 'sub_type']).where('id', '=', j.id).executeTakeFirstOrThrow()
    expect(row.share_type).toBe('5')
    expect(row.sub_type.split(',').sort()).toEqual(['0', '2'])
    // The calendar is the form's to turn off.
    await updateJournal(conn.db, j.id, { userId: owner, planLimit: 100 }, settings({ name: 'Contest', studentLimit: '5' }))
    expect((await conn.db.selectFrom('journals').select('sub_type').where('id', '=', j.id).executeTakeFirstOrThrow()).sub_type).toBe('2')
  })

  it('a teacher joins with the teacher code, waits, is accepted, and loses access when the journal is archived', async () => {
    const j = await createJournal(conn.db, { userId: owner, planLimit: 100 }, settings({ name: 'Shared', studentLimit: '5' }))
    if (!j.ok) throw new Error('create')
    const code = await teacherCodeOf(conn.db, j.id)
    expect(await teacherCodeOf(conn.db, j.id)).toBe(code)
    expect(await joinAsTeacher(conn.db, colleague, 'NOPE')).toEqual({ ok: false, code: '-1' })
    expect(await joinAsTeacher(conn.db, owner, code)).toEqual({ ok: false, code: '-2' })
    expect(await joinAsTeacher(conn.db, colleague, code.toLowerCase())).toEqual({ ok: true, journalId: j.id })
    expect(await joinAsTeacher(conn.db, colleague, code)).toEqual({ ok: false, code: '-2' })
    expect((await journalAccess(conn.db, j.id, colleague))?.role).toBeNull()
    expect(await removeTeacher(conn.db, j.id, colleague, 1)).toBe(false) // not accepted yet: reject, not remove
    expect(await acceptTeacher(conn.db, j.id, colleague)).toBe(true)
    expect((await journalAccess(conn.db, j.id, colleague))?.role).toBe('teacher')
    await archiveJournal(conn.db, j.id)
    expect(await journalAccess(conn.db, j.id, owner)).toBeNull()
  })

  it('students join with a valid code, once, up to the limit; an expired code is refused', async () => {
    const j = await createJournal(conn.db, { userId: owner, planLimit: 1000 }, settings({ name: 'Two seats', studentLimit: '2' }))
    if (!j.ok) throw new Error('create')
    const { invite_code: code } = await conn.db.selectFrom('journals').select('invite_code').where('id', '=', j.id).executeTakeFirstOrThrow()
    const student = async (n: number) => {
      const { [`pupil${n}`]: userId } = await accountsFor(conn.db, [`pupil${n}`])
      await asStudents(conn.db, [userId])
      return userId
    }
    const [a, b, c] = [await student(1), await student(2), await student(3)]
    expect(await joinAsStudent(conn.db, a, 'NOPE')).toEqual({ ok: false, error: 'catalogue.invitationCodeError' })
    expect(await joinAsStudent(conn.db, a, code.toLowerCase())).toEqual({ ok: true, journalId: j.id })
    expect(await joinAsStudent(conn.db, a, code)).toEqual({ ok: false, error: 'catalogue.alreadyJoined' })
    expect((await joinAsStudent(conn.db, b, code)).ok).toBe(true)
    expect(await joinAsStudent(conn.db, c, code)).toEqual({ ok: false, error: 'student.journalFull' })
    expect((await studentJournals(conn.db, a)).map((x) => x.name)).toEqual(['Two seats'])
    await conn.db.updateTable('journals').set({ invite_code_expires_at: new Date(Date.now() - 1000).toISOString(), diary_publish_num: 5 }).where('id', '=', j.id).execute()
    expect(await joinAsStudent(conn.db, c, code)).toEqual({ ok: false, error: 'catalogue.invitationCodeError' })
  })
})
