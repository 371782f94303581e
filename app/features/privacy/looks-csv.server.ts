import type { TFunction } from 'i18next'
import type { DB } from '~/db/connect.server'
import { DEFAULT_TIME_ZONE, formatDateTime } from '~/shared/dates'
import { looksAt } from './views.server'

/** A CSV cell: quoted, a formula's first character neutralised (a spreadsheet must not run what a name holds). */
const cell = (v: string) => `"${(/^[=+\-@\t\r]/.test(v) ? `'${v}` : v).replace(/"/g, '""')}"`

/** Who looked at a student, as a CSV in the reader's language (decision 0047); a byte order mark so spreadsheets read Chinese and Japanese names right. Times as YYYY-MM-DD HH:mm in the school's zone. */
export async function looksCsv(db: DB, studentId: number, t: TFunction) {
  const rows = await looksAt(db, studentId, 10_000)
  const lines = [
    [t('privacy.day'), t('privacy.who'), t('privacy.account'), t('privacy.what'), t('privacy.journal'), t('privacy.firstAt'), t('privacy.lastAt')].map(cell).join(','),
    // The times as the day is counted: in the zone of the look's journal (decision 0063), not raw UTC moments.
    ...rows.map((r) => {
      const zone = r.timeZone ?? DEFAULT_TIME_ZONE
      return [r.day, r.who ?? '', r.account, r.what.map((k) => t(`privacy.look_${k}`)).join(' + '), r.journal ?? '', formatDateTime(r.firstAt, zone), formatDateTime(r.lastAt, zone)].map(cell).join(',')
    }),
  ]
  return `\ufeff${lines.join('\r\n')}\r\n`
}
