import { exportCell } from '~/features/export/cells'
import { formatDate } from '~/shared/dates'

/**
 * The Feedback and Patterns tables as .xlsx (decision 0048): one sheet a table, headings in bold, text
 * through the export module's cell rule (exportCell: string cells, never formulas, guarded for a
 * CSV saved from the sheet), numbers as numbers.
 */
export type Sheet = { name: string; head: string[]; rows: (string | number)[][] }

export async function workbookOf(sheets: Sheet[]) {
  // Loaded where a workbook is made, not at start (decision 0043).
  const { default: ExcelJS } = await import('exceljs')
  const workbook = new ExcelJS.Workbook()
  for (const s of sheets) {
    // Excel's sheet names: at most 31 characters, none of []:*?/\.
    const sheet = workbook.addWorksheet(s.name.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31))
    sheet.addRow(s.head.map(exportCell))
    sheet.getRow(1).font = { bold: true }
    for (const row of s.rows) sheet.addRow(row.map(exportCell))
    sheet.columns.forEach((c, i) => (c.width = i === 0 ? 24 : 16))
  }
  return Buffer.from(await workbook.xlsx.writeBuffer())
}

/** A file's answer: its name in the reader's language (characters a file system refuses dropped). */
export function xlsxResponse(file: Buffer, name: string) {
  const safe = name.replace(/[\\/:*?"<>|]+/g, ' ')
  return new Response(new Uint8Array(file), {
    headers: {
      'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'Content-Disposition': `attachment; filename="insights.xlsx"; filename*=UTF-8''${encodeURIComponent(safe)}`,
      'Cache-Control': 'private, no-store',
    },
  })
}

/** Hours with one decimal, for a sheet: a number a teacher can sort and average. */
export const hours = (seconds: number | null) => (seconds === null ? '' : Math.round(seconds / 360) / 10)
export const dateOf = (iso: string | undefined, timeZone: string) => (iso ? formatDate(iso, timeZone) : '')
