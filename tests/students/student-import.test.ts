import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerWithPassword, verifyLogin } from '~/features/auth/accounts.server'
import { AUTH_CODES } from '~/features/auth/codes'
import { IMPORT_CODES, MAX_IMPORT_FILE_BYTES, UPLOAD_CODES, type ImportRow } from '~/features/students/import-rows'
import { decodeCsv, duplicateAccounts, readImportFile, submitImport } from '~/features/students/import.server'
import { assignStudents, deleteStudents, ownStudents } from '~/features/students/roster.server'
import { classCsv, encoded } from '../support/class-csv'
import { DIALECTS, freshDatabase } from '../support/db'

const fileOf = (bytes: Uint8Array, name = 'class.csv') => new File([new Uint8Array(bytes)], name, { type: 'text/csv' })

describe('reading a class file', () => {
  const text = classCsv([{ name: '王小明', account: 'wang01' }, { name: 'さくら', account: 'sakura01' }])
  it('decodes UTF-8, UTF-8 with a BOM and Big5 alike', async () => {
    const big5Text = classCsv([{ name: '王小明', account: 'wang01' }, { name: '林美美', account: 'lin01' }])
    for (const encoding of ['utf-8', 'utf-8-bom', 'big5'] as const) {
      const result = await readImportFile(fileOf(encoded(big5Text, encoding)))
      expect(result, encoding).toEqual({
        ok: true,
        rows: [
          { year: '2026', grade: '5', classNo: '01', name: '王小明', account: 'wang01', password: 'kid-pass-1' },
          { year: '2026', grade: '5', classNo: '01', name: '林美美', account: 'lin01', password: 'kid-pass-1' },
        ],
      })
    }
  })
  it('decodes Shift_JIS', () => {
    const sjis = classCsv([{ name: '山田たろう', account: 'yamada01' }, { name: '佐藤はなこ', account: 'sato01' }], false)
    expect(decodeCsv(encoded(sjis, 'shift_jis'))).toBe(sjis)
  })
  it('takes only .csv files, refuses short rows (-12003) and too many (-12002)', async () => {
    expect(await readImportFile(fileOf(encoded(text, 'utf-8'), 'class.xlsx'))).toEqual({ ok: false, code: UPLOAD_CODES.fileError })
    expect(await readImportFile(fileOf(new Uint8Array(MAX_IMPORT_FILE_BYTES + 1).fill(0x31)))).toEqual({ ok: false, code: UPLOAD_CODES.tooBig })
    // Simplified Chinese (GBK) and Korean (EUC-KR) lists are not read as garbled Big5 or Shift_JIS.
    const gbk = classCsv([{ name: '张伟', account: 'zhang01' }, { name: '李娜', account: 'li01' }, { name: '王芳', account: 'wang02' }])
    const korean = classCsv([{ name: '김민준', account: 'kim01' }, { name: '이서연', account: 'lee01' }, { name: '박지훈', account: 'park01' }], false)
    expect(await readImportFile(fileOf(encoded(gbk, 'gbk')))).toEqual({ ok: false, code: UPLOAD_CODES.encoding })
    expect(await readImportFile(fileOf(encoded(korean, 'euc-kr')))).toEqual({ ok: false, code: UPLOAD_CODES.encoding })
    expect(await readImportFile(fileOf(encoded('2026,5,01,1,Amy\r\n', 'utf-8')))).toEqual({ ok: false, code: UPLOAD_CODES.valueError })
    const many = classCsv(Array.from({ length: 2001 }, (_, i) => ({ name: `S${i}`, account: `s${i}` })))
    expect(await readImportFile(fileOf(encoded(many, 'utf-8')))).toEqual({ ok: false, code: UPLOAD_CODES.tooMany })
  })
})

describe.each(DIALECTS)('importing students on %s', (dialect) => {
  let conn: Awaited<ReturnType<typeof freshDatabase>>
  let teacher = 0
  const owner = () => ({ userId: teacher, planLimit: 30 })
  const row = (account: string, name = account): ImportRow => ({ year: '2026', grade: '5', classNo: '01', name, account, password: 'kid-pass-1' })
  beforeAll(async () => {
    conn = await freshDatabase(dialect)
    const r = await registerWithPassword(conn.db, { account: 'importer@school.test', password: 'secret-pass-1', locale: 'en' })
    teacher = (r as { userId: number }).userId
  })
  afterAll(() => conn.close())

  it('marks accounts that exist or repeat (-4)', async () => {
    expect(await duplicateAccounts(conn.db, [row('importer@school.test'), row('kid-a'), row('KID-A'), row('kid-b')])).toEqual(['importer@school.test', 'kid-a'])
  })

  it('creates every student, their class and their place in a new journal; they sign in on the student side', async () => {
    const result = await submitImport(conn.db, owner(), [row('kid-1', 'Amy'), row('kid-2', 'Ben')], { journalName: 'Class 5-01' })
    expect(result).toMatchObject({ code: IMPORT_CODES.ok, created: 2 })
    const journalId = (result as { journalId: number }).journalId
    const journal = await conn.db.selectFrom('journals').select(['name', 'diary_publish_num', 'owner_id']).where('id', '=', journalId).executeTakeFirstOrThrow()
    expect(journal).toEqual({ name: 'Class 5-01', diary_publish_num: 2, owner_id: teacher })
    const members = await conn.db.selectFrom('journal_members as m').innerJoin('users as u', 'u.id', 'm.user_id').select(['u.account', 'u.kind', 'u.name']).where('m.journal_id', '=', journalId).orderBy('u.account').execute()
    expect(members).toEqual([{ account: 'kid-1', kind: 'student', name: 'Amy' }, { account: 'kid-2', kind: 'student', name: 'Ben' }])
    const classes = await conn.db.selectFrom('classes').select(['school_year', 'grade', 'class_no']).where('owner_id', '=', teacher).execute()
    expect(classes).toEqual([{ school_year: 2026, grade: 5, class_no: '01' }])
    const kid = await conn.db.selectFrom('users').select('id').where('account', '=', 'kid-1').executeTakeFirstOrThrow()
    expect(await verifyLogin(conn.db, 'kid-1', 'kid-pass-1', 'student')).toBe(kid.id)
    // The quick import hash became a standard one at the first sign-in.
    const cred = await conn.db.selectFrom('credentials').select('password_hash').where('user_id', '=', kid.id).executeTakeFirstOrThrow()
    expect(cred.password_hash).toContain('$m=19456,t=2,p=1$')
    expect(await verifyLogin(conn.db, 'kid-1', 'kid-pass-1', 'student')).toBe(kid.id)
  })

  it('keeps an account as the school typed it for display, and finds it in any case', async () => {
    const other = (await registerWithPassword(conn.db, { account: 'typed-case@school.test', password: 'secret-pass-1', locale: 'en' })) as { userId: number }
    const result = await submitImport(conn.db, { userId: other.userId, planLimit: 30 }, [row('  Chen-Mei01 ', 'Mei')], { journalName: 'Typed case' })
    expect(result).toMatchObject({ code: IMPORT_CODES.ok, created: 1 })
    const kid = await conn.db.selectFrom('users').select(['id', 'account']).where('name', '=', 'Mei').executeTakeFirstOrThrow()
    expect(kid.account).toBe('Chen-Mei01')
    expect(await verifyLogin(conn.db, 'chen-mei01', 'kid-pass-1', 'student')).toBe(kid.id)
    expect(await verifyLogin(conn.db, 'CHEN-MEI01', 'kid-pass-1', 'student')).toBe(kid.id)
    // The same account in another case is taken: by the check, by sign-up and by the database.
    expect(await duplicateAccounts(conn.db, [row('chen-mei01')])).toEqual(['chen-mei01'])
    expect(await registerWithPassword(conn.db, { account: 'CHEN-mei01', password: 'secret-pass-1', locale: 'en' })).toEqual({ code: AUTH_CODES.accountExists })
    await expect(conn.db.insertInto('users').values({ account: 'chen-MEI01', kind: 'student', email_verified: 0, info_set: 1, created_at: new Date().toISOString() } as never).execute()).rejects.toThrow()
  })

  it('stores no control characters from a class file or a preview row: name, account, class and journal name', async () => {
    const other = (await registerWithPassword(conn.db, { account: 'control@school.test', password: 'secret-pass-1', locale: 'en' })) as { userId: number }
    // A spreadsheet cell can hold NUL, backspace, vertical tab and ESC; quoted, the CSV keeps them.
    const read = await readImportFile(fileOf(encoded('2026,5,07,5,"Ctl\bKid\v",ctl-x,kid-pass-1\r\n2026,5,"0\u001b7",6,Two\u0000,ctl-y,kid-pass-2\u0007\r\n', 'utf-8')))
    expect(read).toEqual({
      ok: true,
      rows: [
        { year: '2026', grade: '5', classNo: '07', name: 'CtlKid', account: 'ctl-x', password: 'kid-pass-1' },
        { year: '2026', grade: '5', classNo: '07', name: 'Two', account: 'ctl-y', password: 'kid-pass-2' },
      ],
    })
    // The preview posts rows back as typed: what is stored is what the rule reads, whatever was sent.
    const sent = [{ year: '2026', grade: '5', classNo: '\u001b07\u0000', name: '\u0000Ctl\bKid\u000b', account: 'ctl\u0008-z', password: 'kid-pass-3' }]
    expect(await submitImport(conn.db, { userId: other.userId, planLimit: 30 }, sent, { journalName: '5-07\u001b[2J' })).toMatchObject({ code: IMPORT_CODES.ok, created: 1 })
    const kid = await conn.db.selectFrom('users as u').innerJoin('classes as c', 'c.id', 'u.class_id').select(['u.id', 'u.name', 'u.nickname', 'u.account', 'c.class_no']).where('c.owner_id', '=', other.userId).executeTakeFirstOrThrow()
    expect(kid).toMatchObject({ name: 'CtlKid', nickname: 'CtlKid', account: 'ctl-z', class_no: '07' })
    expect(await conn.db.selectFrom('journals').select('name').where('owner_id', '=', other.userId).execute()).toEqual([{ name: '5-07[2J' }])
    expect(await verifyLogin(conn.db, 'ctl-z', 'kid-pass-3', 'student')).toBe(kid.id)
  })

  it('writes nothing when a row fails: duplicates, over the places, another teacher\'s journal', async () => {
    const before = await conn.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
    expect(await submitImport(conn.db, owner(), [row('kid-3'), row('kid-1')], { journalName: 'Again' })).toEqual({ code: IMPORT_CODES.duplicate, dupAccounts: ['kid-1'] })
    const journal = await conn.db.selectFrom('journals').select('id').where('name', '=', 'Class 5-01').executeTakeFirstOrThrow()
    // The journal has 2 places, both taken.
    expect(await submitImport(conn.db, owner(), [row('kid-4')], { journalId: journal.id })).toEqual({ code: IMPORT_CODES.overLimit })
    expect(await submitImport(conn.db, owner(), Array.from({ length: 29 }, (_, i) => row(`many-${i}`)), { journalName: 'Too big' })).toEqual({ code: IMPORT_CODES.overLimit })
    const other = await registerWithPassword(conn.db, { account: 'other@school.test', password: 'secret-pass-1', locale: 'en' })
    expect(await submitImport(conn.db, { userId: (other as { userId: number }).userId, planLimit: 30 }, [row('kid-5')], { journalId: journal.id })).toEqual({ code: IMPORT_CODES.journalError })
    expect(await submitImport(conn.db, owner(), [{ ...row('kid-6'), grade: '12' }], { journalName: 'Bad grade' })).toEqual({ code: IMPORT_CODES.invalidRows })
    const after = await conn.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
    expect(Number(after.n)).toBe(Number(before.n) + 1) // only "other@" was added, by the test itself
    expect(await conn.db.selectFrom('journals').select('id').where('name', 'in', ['Again', 'Too big', 'Bad grade']).execute()).toEqual([])
  })

  it('the roster touches only the teacher\'s own students and journals', async () => {
    const other = ((await registerWithPassword(conn.db, { account: 'roster-other@school.test', password: 'secret-pass-1', locale: 'en' })) as { userId: number }).userId
    const kid = await conn.db.selectFrom('users').select('id').where('account', '=', 'kid-2').executeTakeFirstOrThrow()
    const journal = await conn.db.selectFrom('journals').select('id').where('name', '=', 'Class 5-01').executeTakeFirstOrThrow()
    expect((await ownStudents(conn.db, other, null, 1)).total).toBe(0)
    expect(await deleteStudents(conn.db, other, [kid.id])).toBe(0)
    expect(await assignStudents(conn.db, other, [kid.id], journal.id)).toEqual({ code: -2 })
    expect(await conn.db.selectFrom('users').select('id').where('id', '=', kid.id).executeTakeFirst()).toBeDefined()
    const mine = await ownStudents(conn.db, teacher, null, 1)
    expect(mine.rows.map((r) => r.account).sort()).toEqual(['kid-1', 'kid-2'])
    expect(await deleteStudents(conn.db, teacher, [kid.id])).toBe(1)
    expect(await conn.db.selectFrom('users').select('id').where('id', '=', kid.id).executeTakeFirst()).toBeUndefined()
  })
})
