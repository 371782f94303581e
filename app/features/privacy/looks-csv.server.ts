import type { TFunction } from 'i18next'
import type { DB } from '~/db/connect.server'
import { looksAt } from './views.server'

/** A CSV cell: quoted, a formula's first character neutralised (a spreadsheet must not run what a name holds). */
const cell = (v: string) => `"${(/^[=+\-@\t\r]/.test(v) ? `'${v}` : v).replace(/"/g, '""')}"`

/** Who looked at a student, as a CSV in the reader's language (issue 36); a byte order mark so spreadsheets read Chinese and Japanese names right. */
export async function looksCsv(db: DB, studentId: number, t: TFunction) {
  const rows = await looksAt(db, studentId, 10_000)
  const lines = [
    [t('privacy.day'), t('privacy.who'), t('privacy.account'), t('privacy.what'), t('privacy.journal'), t('privacy.firstAt'), t('privacy.lastAt')].map(cell).join(','),
    ...rows.map((r) => [r.day, r.who ?? '', r.account, r.what.map((k) => t(`privacy.look_${k}`)).join(' + '), r.journal ?? '', r.firstAt, r.lastAt].map(cell).join(',')),
  ]
  return `\ufeff${lines.join('\r\n')}\r\n`
}
