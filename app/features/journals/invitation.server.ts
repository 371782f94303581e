import type { TFunction } from 'i18next'
import type { DB } from '~/db/connect.server'
import { lockNames } from '~/db/lock.server'
import { isoAgo, nowIso } from '~/db/time'
import { INVITE_MAIL_LIMITS } from './constants'
import type { Locale } from '~/i18n/config'
import type { Mailer } from '~/mail/mailer.server'

/** What a teacher invitation says, in the inviting owner's language. */
export interface Invitation {
  owner: string
  journal: string
  code: string
  /** /drpb/{code} on this site: opens the join confirmation, after sign-in when needed. */
  link: string
}

export const invitationLink = (origin: string, code: string) => `${origin}/drpb/${encodeURIComponent(code)}`

// Word's usual fonts for each script, so Chinese and Japanese print with the right glyph forms.
const EAST_ASIAN_FONT: Record<Locale, string> = { en: 'Microsoft JhengHei', 'zh-TW': 'Microsoft JhengHei', ja: 'Yu Gothic' }

/** The invitation as a Word document (spec 2, journal info: the share-code tab's download). */
export async function invitationDocx(t: TFunction, locale: Locale, inv: Invitation): Promise<Buffer> {
  // Loaded at the first invitation, not at start-up.
  const { Document, ExternalHyperlink, HeadingLevel, Packer, Paragraph, TextRun } = await import('docx')
  const doc = new Document({
    creator: inv.owner,
    title: t('invitation.title'),
    styles: { default: { document: { run: { font: { ascii: 'Calibri', hAnsi: 'Calibri', eastAsia: EAST_ASIAN_FONT[locale] }, size: 24 } } } },
    sections: [
      {
        children: [
          new Paragraph({ heading: HeadingLevel.TITLE, children: [new TextRun(t('invitation.title'))] }),
          new Paragraph({ spacing: { after: 240 }, children: [new TextRun(t('invitation.intro', { owner: inv.owner, journal: inv.journal }))] }),
          new Paragraph({ heading: HeadingLevel.HEADING_2, children: [new TextRun(t('invitation.codeLabel'))] }),
          new Paragraph({ spacing: { after: 240 }, children: [new TextRun({ text: inv.code, bold: true, size: 48, font: 'Consolas' })] }),
          new Paragraph({ heading: HeadingLevel.HEADING_2, children: [new TextRun(t('invitation.howTitle'))] }),
          new Paragraph({ children: [new TextRun(`1. ${t('invitation.step1')}`)] }),
          new Paragraph({ children: [new TextRun('   '), new ExternalHyperlink({ link: inv.link, children: [new TextRun({ text: inv.link, style: 'Hyperlink' })] })] }),
          new Paragraph({ children: [new TextRun(`2. ${t('invitation.step2', { code: inv.code })}`)] }),
          new Paragraph({ children: [new TextRun(`3. ${t('invitation.step3', { owner: inv.owner })}`)] }),
        ],
      },
    ],
  })
  return Packer.toBuffer(doc)
}

/** The invitation file's name, e.g. "Invitation - 502 Feelings Journal.docx", safe on every OS. */
export function invitationFileName(t: TFunction, journal: string) {
  return `${t('invitation.fileName', { journal })}.docx`.replace(/[\\/:*?"<>|\r\n]+/g, ' ')
}

/** The e-mail invitation (tab two of the teacher invitation dialog). */
export async function sendInvitationMail(mailer: Mailer, t: TFunction, to: string, inv: Invitation) {
  const text = [
    t('invitation.intro', { owner: inv.owner, journal: inv.journal }),
    '',
    `1. ${t('invitation.step1')}`,
    `   ${inv.link}`,
    `2. ${t('invitation.step2', { code: inv.code })}`,
    `3. ${t('invitation.step3', { owner: inv.owner })}`,
  ].join('\n')
  await mailer.send({ to, subject: t('invitation.mailSubject', { owner: inv.owner, journal: inv.journal }), text })
}

/** The journal a teacher invitation code opens, for the confirmation before joining. */
export async function journalByTeacherCode(db: DB, rawCode: string) {
  return db
    .selectFrom('journals as j')
    .innerJoin('users as u', 'u.id', 'j.owner_id')
    .select((eb) => ['j.id', 'j.name', 'j.description', 'j.owner_id as ownerId', eb.fn.coalesce('u.name', 'u.account').as('owner')])
    .where('j.teacher_invite_code', '=', rawCode.trim().toUpperCase())
    .where('j.archived_at', 'is', null)
    .executeTakeFirst()
}

/**
 * Counts an invitation mail before it is sent, if the limits allow it: the check and the mark are
 * one transaction, serialised per sender, so fifteen sent at once get no more than the limit.
 */
export async function takeInvitationMail(db: DB, senderId: number, journalId: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await lockNames(trx, [`invitation-mail:${senderId}`])
    const count = (since: string, journal?: number) =>
      trx
        .selectFrom('sent_mails')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('sender_id', '=', senderId)
        .where('kind', '=', 'invitation')
        .where('created_at', '>', since)
        .$if(journal !== undefined, (q) => q.where('journal_id', '=', journal!))
        .executeTakeFirstOrThrow()
    const [journalHour, senderDay] = await Promise.all([count(isoAgo(3_600_000), journalId), count(isoAgo(86_400_000))])
    if (Number(journalHour.n) >= INVITE_MAIL_LIMITS.perJournalPerHour || Number(senderDay.n) >= INVITE_MAIL_LIMITS.perSenderPerDay) return false
    await trx.insertInto('sent_mails').values({ kind: 'invitation', sender_id: senderId, journal_id: journalId, created_at: nowIso() }).execute()
    return true
  })
}
