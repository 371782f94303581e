import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sendAlertMail } from '~/features/alerts/alert-mail.server'
import { CATEGORIES, bySeriousness } from '~/features/alerts/categories'
import { escalateAlert, runOverdueAlerts } from '~/features/alerts/escalate.server'
import { counsellorInbox } from '~/features/counsellor/inbox.server'
import { alertsOf } from '~/features/alerts/manage.server'
import { flagPost } from '~/features/alerts/raise.server'
import { alertRecord } from '~/features/alerts/record.server'
import { alertSummary } from '~/features/alerts/summary'
import { notificationList } from '~/features/notifications/list.server'
import { itemView } from '~/features/notifications/view.server'
import { behaviourName, emotionName } from '~/features/posts/names'
import { createPost } from '~/features/students/posts.server'
import { LOCALES } from '~/i18n/config'
import { translatorFor, translatorOf } from '~/i18n/middleware.server'
import type { Mail } from '~/mail/mailer.server'
import { DIALECTS, freshDatabase } from '../support/db'
import { safeguardingSchool } from '../support/journals'

/** The text of a PDF, its runs joined by spaces. */
async function pdfText(pdf: Buffer) {
  const doc = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false }).promise
  let out = ''
  // A run that ends its line (pdf.js's hasEOL) ends ours: a paragraph of the document is a line here.
  for (let i = 1; i <= doc.numPages; i++) out += (await (await doc.getPage(i)).getTextContent()).items.map((x) => ('str' in x ? x.str + (x.hasEOL ? '\n' : ' ') : '')).join('') + '\n'
  return out.replace(/[ \t]+/g, ' ')
}

describe('the one ordering of the alert categories', () => {
  it('puts every category told at once (high) before every medium one, each once', () => {
    const severities = CATEGORIES.map((c) => c.severity)
    expect(severities.lastIndexOf('high')).toBeLessThan(severities.indexOf('medium'))
    expect(new Set(CATEGORIES.map((c) => c.category)).size).toBe(CATEGORIES.length)
  })
  it('sorts by it, keeping the order within a category; old extreme-word lists take their place in it', () => {
    const items = [{ c: 'hopelessness', n: 1 }, { c: 'bullying', n: 2 }, { c: 'suicide', n: 3 }, { c: 'bullying', n: 4 }, { c: 'self_harm', n: 5 }]
    expect(bySeriousness(items, (x) => x.c).map((x) => x.n)).toEqual([3, 5, 2, 4, 1])
    expect(bySeriousness(['violence', 'selfHarm', 'sexual'], (x) => x)).toEqual(['selfHarm', 'sexual', 'violence'])
  })
  it('leads an alert\'s line with the most serious category found, whatever was found first', () => {
    const finding = (category: 'bullying' | 'suicide' | 'hopelessness', sentence: string) => ({ category, severity: 'high' as const, field: 'event' as const, sentence, words: '', language: 'en' as const })
    const reasons = { rule: 'words' as const, posts: [{ id: 1, title: 'A', diaryDate: '2026-11-27', findings: [finding('bullying', 'They hit me.'), finding('hopelessness', 'Nothing helps.')] }, { id: 2, title: 'B', diaryDate: '2026-11-28', findings: [finding('suicide', 'I want to die.'), finding('bullying', 'Again.')] }] }
    expect(alertSummary('words', reasons)).toEqual({ concern: 'alerts.category_suicide', also: ['bullying', 'hopelessness'], sentence: 'I want to die.' })
    expect(alertSummary('streak', { rule: 'streak', length: 3, negativeShare: 0.3, posts: [] })).toEqual({ concern: 'alerts.rule_streak', also: [] })
  })
})

describe.each(DIALECTS)('every summary of an alert leads with its most serious concern, on %s', (dialect) => {
  let conn: Awaited<ReturnType<typeof freshDatabase>>
  let s: Awaited<ReturnType<typeof safeguardingSchool>>
  let alertId: number
  const today = new Date().toISOString().slice(0, 10)
  // Bullying is found first (the event), the wish to die after it (what the student did).
  const post = { title: 'After school', diaryDate: today, event: 'The big boys at school hit me and took my money again.', emotions: ['B', 'C'], behaviour: '6', behaviourText: 'Sometimes I want to die.' }

  beforeAll(async () => {
    conn = await freshDatabase(dialect)
    s = await safeguardingSchool(conn.db)
    await createPost(conn.db, s.id.amy, s.journalId, post)
    alertId = (await conn.db.selectFrom('risk_alerts').select('id').where('student_id', '=', s.id.amy).executeTakeFirstOrThrow()).id
    const reasons = JSON.parse((await conn.db.selectFrom('risk_alerts').select('reasons').where('id', '=', alertId).executeTakeFirstOrThrow()).reasons)
    expect(reasons.posts[0].findings.map((f: { category: string }) => f.category)).toEqual(['bullying', 'suicide'])
  })
  afterAll(() => conn.close())

  it('the journal\'s list', async () => {
    const [row] = (await alertsOf(conn.db, s.journalId, 1)).rows
    expect(row.summary).toEqual({ concern: 'alerts.category_suicide', also: ['bullying'], sentence: 'Sometimes I want to die.' })
  })

  it('the journal\'s list, when a graver post joins a student\'s open alert later (Student 02 of the demo, decision 0059)', async () => {
    const first = await createPost(conn.db, s.id.ben, s.journalId, { ...post, title: 'Monday', event: 'The big boys at school hit me again.', behaviourText: 'I told my teacher.' })
    await createPost(conn.db, s.id.ben, s.journalId, { ...post, title: 'Tuesday', event: '我不想活了。', behaviourText: 'I cried.' })
    const row = (await alertsOf(conn.db, s.journalId, 1)).rows.find((r) => r.studentId === s.id.ben)!
    const reasons = JSON.parse((await conn.db.selectFrom('risk_alerts').select('reasons').where('id', '=', row.id).executeTakeFirstOrThrow()).reasons)
    expect(reasons.posts.map((p: { id: number }) => p.id)[0]).toBe(first)
    expect(row.summary).toMatchObject({ concern: 'alerts.category_suicide', sentence: '我不想活了。' })
    expect(row.summary.also).toContain('bullying')
  })

  it('the bell and the notifications, in each teacher\'s language', async () => {
    const [item] = (await notificationList(conn.db, s.id.owner, { type: 'd', limit: 10 })).items.filter((n) => n.msgKey === 'notification.alertHighOf' && n.params.student === 'AMY')
    expect(item.params).toMatchObject({ concern: 'alerts.category_suicide' })
    const lines = Object.fromEntries(LOCALES.map((lng) => [lng, itemView(item, translatorFor(lng)).message]))
    expect(lines).toEqual({
      en: 'Possible suicidal thoughts: AMY may need help (Class 5). Urgent: read why and act.',
      'zh-TW': '可能有自殺念頭：AMY 可能需要協助（Class 5）。緊急：請查看原因並處理。',
      ja: '自殺をほのめかしている可能性：AMY さんに支援が必要かもしれません（Class 5）。緊急：理由を確認して対応してください。',
    })
  })

  it('the counsellor\'s inbox, their notification and their mail', async () => {
    const { result, mails } = await escalateAlert(conn.db, s.journalId, alertId, s.id.owner, { to: s.id.counsellor, note: 'Please see her today.' })
    expect(result).toBe('ok')
    const [row] = (await counsellorInbox(conn.db, s.id.counsellor, 1)).rows
    expect(row.summary).toMatchObject({ concern: 'alerts.category_suicide', also: ['bullying'] })
    const [told] = (await notificationList(conn.db, s.id.counsellor, { type: 'd', limit: 10 })).items
    expect(itemView(told, translatorFor('en')).message).toBe("Possible suicidal thoughts: AMY's risk alert (Class 5) was escalated to you. Open it and take it.")
    const sent: Mail[] = []
    for (const mail of mails) await sendAlertMail(conn.db, { send: async (m) => void sent.push(m) }, 'https://console.test', mail)
    expect(sent).toEqual([
      {
        to: 'counsellor@school.test',
        subject: 'A risk alert needs you: Possible suicidal thoughts (High)',
        text: expect.stringContaining('Possible suicidal thoughts (High): a risk alert of a student in Class 5 has been escalated to you.'),
      },
    ])
    // The mail never names the student nor quotes their words.
    expect(sent[0].text).not.toMatch(/AMY|want to die/)
  })

  it('the overdue reminder of a journal without a counsellor, and its mail', async () => {
    await conn.db.updateTable('risk_alerts').set({ status: 'resolved', resolved_at: new Date().toISOString() }).execute()
    await createPost(conn.db, s.id.cara, s.soloJournalId, { ...post, event: 'My big brother hits me when mum is out.', behaviourText: 'I want to disappear forever.' })
    const mails = await runOverdueAlerts(conn.db, new Date(Date.now() + 10 * 86_400_000))
    expect(mails.map((m) => [m.msgKey, m.params.concern])).toEqual([['mail.alertOverdue', 'alerts.category_suicide']])
    const [told] = (await notificationList(conn.db, s.id.solo, { type: 'd', limit: 10 })).items.filter((n) => n.msgKey === 'notification.alertOverdueOf')
    expect(itemView(told, translatorFor('ja')).message).toMatch(/^自殺をほのめかしている可能性：/)
  })

  it('the safeguarding record: the concern first in its facts, the reasons most serious first', async () => {
    const record = (await alertRecord(conn.db, s.journalId, alertId, { userId: s.id.owner, name: 'OWNER', lang: 'en', t: translatorOf('en') }))!
    const text = await pdfText(record.pdf)
    expect(text).toContain('Possible suicidal thoughts · Possible bullying or a threat against the student · High')
    expect(text.indexOf('Possible suicidal thoughts: “Sometimes I want to die.”')).toBeGreaterThan(-1)
    expect(text.indexOf('Possible suicidal thoughts: “Sometimes I want to die.”')).toBeLessThan(text.indexOf('Possible bullying or a threat against the student: “The big boys'))
  })

  it('an alert a teacher raised says who raised it, their note as theirs, in the list and the record', async () => {
    const calm = await createPost(conn.db, s.id.ben, s.journalId, { ...post, title: 'Quiet', event: 'I sat alone at lunch.', behaviourText: 'I read a book.', emotions: ['3'] })
    const { alertId: flagged } = await flagPost(conn.db, calm, { userId: s.id.cot, name: 'COT' }, 'He has stopped talking in class.')
    const row = (await alertsOf(conn.db, s.journalId, 1)).rows.find((r) => r.id === flagged)!
    expect(row.summary).toEqual({ concern: 'alerts.concern_flagged', also: [], flagged: { by: 'COT', note: 'He has stopped talking in class.' } })
    for (const [lng, said, note] of [
      ['en', 'COT raised this alert, a teacher of the journal, not the content assessment', 'COT’s note: He has stopped talking in class.'],
      ['zh-TW', '這則警示由本日記的老師 COT 提出，而非內容評估', 'COT 老師的說明：He has stopped talking in class.'],
      ['ja', 'このアラートは内容の評価ではなく、この日記の COT 先生が出したものです', 'COT 先生のメモ：He has stopped talking in class.'],
    ] as const) {
      const text = await pdfText((await alertRecord(conn.db, s.journalId, flagged, { userId: s.id.owner, name: 'OWNER', lang: lng, t: translatorOf(lng) }))!.pdf)
      expect(text.replace(/\s/g, ''), lng).toContain(said.replace(/\s/g, ''))
      expect(text.replace(/\s/g, ''), lng).toContain(note.replace(/\s/g, ''))
      // The teacher's words are not quoted as the student's are.
      expect(text, lng).not.toContain('“He has stopped')
    }
  })
})

describe.each(DIALECTS)('the record prints each frame of a cited post once, under its own label, on %s', (dialect) => {
  let conn: Awaited<ReturnType<typeof freshDatabase>>
  let s: Awaited<ReturnType<typeof safeguardingSchool>>
  beforeAll(async () => {
    conn = await freshDatabase(dialect)
    s = await safeguardingSchool(conn.db)
  })
  afterAll(() => conn.close())

  it('in English, Chinese and Japanese: no empty label, the feelings with the feelings frame, each label once', async () => {
    // As the student form writes a post: an event, a feelings frame with no text of its own, and what they did.
    await createPost(conn.db, s.id.amy, s.journalId, { title: 'Night', diaryDate: new Date().toISOString().slice(0, 10), event: 'Everyone was shouting at home.', emotions: ['B'], behaviour: '6', behaviourText: 'Sometimes I want to die.' })
    const { id } = await conn.db.selectFrom('risk_alerts').select('id').where('student_id', '=', s.id.amy).executeTakeFirstOrThrow()
    const labels = { en: ['Event', 'Feelings', 'What I did'], 'zh-TW': ['事件', '心情', '我的行動'], ja: ['できごと', '気持ち', 'したこと'] } as const
    for (const lng of LOCALES) {
      const t = translatorOf(lng)
      // pdf.js puts spaces between the runs of Chinese and Japanese text: lines are compared without them.
      const text = (await pdfText((await alertRecord(conn.db, s.journalId, id, { userId: s.id.owner, name: 'OWNER', lang: lng, t }))!.pdf)).replace(/[ \t]/g, '')
      const flat = (x: string) => x.replace(/[ \t]/g, '')
      const posts = text.slice(text.indexOf(flat(t('alertRecord.posts'))), text.indexOf(flat(t('alertRecord.escalations'))))
      const [event, feelings, did] = labels[lng].map(flat)
      const lines = posts.split('\n').filter(Boolean)
      // Each frame a line of its own: its label, then what the student chose or wrote.
      const line = (label: string) => lines.filter((l) => l.startsWith(`${label}:`))
      expect(line(event), lng).toEqual([`${event}:Everyonewasshoutingathome.`])
      expect(line(feelings), lng).toEqual([`${feelings}:${flat(emotionName('B', t))}`])
      expect(line(did), lng).toEqual([`${did}:${flat(behaviourName(6, t))}—SometimesIwanttodie.`])
      for (const label of labels[lng].map(flat)) expect(posts.split(`${label}:`).length - 1, `${lng}: ${label}`).toBe(1)
    }
  })
})
