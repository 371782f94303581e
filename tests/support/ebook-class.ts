import { registerWithPassword } from '~/features/auth/accounts.server'
import type { DB } from '~/db/connect.server'
import type { Maker } from '~/features/ebooks/books.server'
import { acceptTeacher, teacherCodeOf } from '~/features/journals/info.server'
import { joinAsTeacher } from '~/features/journals/join.server'
import { createJournal } from '~/features/journals/settings.server'
import { joinAsStudent } from '~/features/students/join.server'
import { createPost } from '~/features/students/posts.server'

/**
 * A class for the e-book tests: journal 501 (zh-TW) of `owner` with co-teacher `cot`, students
 * `amy` and `ben`, a `stranger` teacher; Amy has `posts` published posts, one a day in October.
 */
export async function ebookClass(db: DB, posts: number) {
  const id: Record<string, number> = {}
  for (const account of ['owner', 'cot', 'stranger', 'amy', 'ben']) {
    const r = await registerWithPassword(db, { account, password: 'secret-pass-1', locale: account.length === 3 && account !== 'cot' ? 'zh-TW' : 'en' })
    if (r.code !== '01000') throw new Error('setup')
    id[account] = r.userId
  }
  for (const s of ['amy', 'ben']) await db.updateTable('users').set({ kind: 'student', name: s.toUpperCase() }).where('id', '=', id[s]).execute()
  const j = await createJournal(db, { userId: id.owner, planLimit: 30 }, { name: '501 心情日記', labelColorCode: '1', speechLang: 'zh-TW', display: 'list', expireType: '1', studentLimit: '5', shareType: '2' })
  if (!j.ok) throw new Error('journal')
  await joinAsTeacher(db, id.cot, await teacherCodeOf(db, j.id))
  await acceptTeacher(db, j.id, id.cot)
  const code = (await db.selectFrom('journals').select('invite_code').where('id', '=', j.id).executeTakeFirstOrThrow()).invite_code!
  for (const s of ['amy', 'ben']) await joinAsStudent(db, id[s], code)
  const postIds: number[] = []
  for (let i = 1; i <= posts; i++) {
    const day = `2026-10-${String((i % 28) + 1).padStart(2, '0')}`
    postIds.push(await createPost(db, id.amy, j.id, { title: `第${i}天`, diaryDate: day, event: `今天是第${i}天，我們在教室裡玩遊戲。`, emotions: ['3'], behaviour: '9', behaviourText: i % 2 ? '我很開心。' : '' }))
  }
  return { id, journalId: j.id, posts: postIds, teacher: (name: string): Maker => ({ userId: id[name], kind: 'teacher' }), student: (name: string): Maker => ({ userId: id[name], kind: 'student' }) }
}
