import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { saveNameAndGender, saveSchoolInfo } from '~/features/account/basic-info.server'
import { loadSessionValues } from '~/features/account/session-values.server'
import { DIALECTS, freshDatabase } from '../support/db'
import { accountsFor } from '../support/people'

describe.each(DIALECTS)('profile setup on %s', (dialect) => {
  let conn: Awaited<ReturnType<typeof freshDatabase>>
  let userId: number
  let inviterCode: string
  beforeAll(async () => {
    conn = await freshDatabase(dialect)
    const id = await accountsFor(conn.db, ['inviter', 'newbie'])
    userId = id.newbie
    inviterCode = (await conn.db.selectFrom('users').select('invite_code').where('id', '=', id.inviter).executeTakeFirstOrThrow()).invite_code
  })
  afterAll(() => conn.close())

  it('step 2 before step 1 changes nothing', async () => {
    expect(await saveSchoolInfo(conn.db, userId, { country: 'TW', school: 'A', position: 'B' })).toEqual({ ok: false, error: 'nameMissing' })
    expect((await loadSessionValues(conn.db, userId))!.infoSet).toBe('0')
  })

  it('a wrong invitation code is refused and nothing is written', async () => {
    await saveNameAndGender(conn.db, userId, { name: ' Ms. Wu ', gender: 'f' })
    expect(await saveSchoolInfo(conn.db, userId, { country: 'TW', school: 'Hill School', position: 'Teacher', inviteCode: 'NOPE' })).toEqual({ ok: false, error: 'badInviteCode' })
    expect(await conn.db.selectFrom('schools').selectAll().execute()).toHaveLength(0)
    expect((await loadSessionValues(conn.db, userId))!.infoSet).toBe('0')
  })

  it('saves school, position and the inviter; the profile is then set', async () => {
    expect(await saveSchoolInfo(conn.db, userId, { country: 'TW', school: ' Hill School ', position: 'Teacher', inviteCode: inviterCode.toLowerCase() })).toEqual({ ok: true })
    const user = await conn.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow()
    expect(user).toMatchObject({ name: 'Ms. Wu', gender: 'f', position: 'Teacher', info_set: 1 })
    expect(user.invited_by).toBeTypeOf('number')
    const values = (await loadSessionValues(conn.db, userId))!
    expect(values).toMatchObject({ infoSet: '1', userName: 'Ms. Wu' })
    // The same school is reused, not duplicated.
    expect(await saveSchoolInfo(conn.db, userId, { country: 'TW', school: 'Hill School', position: 'Counsellor' })).toEqual({ ok: true })
    expect(await conn.db.selectFrom('schools').selectAll().execute()).toHaveLength(1)
  })
})
