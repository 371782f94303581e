/**
 * A cell of the export. Text is written as a string cell, never a formula, but a teacher who saves
 * the sheet as CSV and opens that gets formulas back from text beginning with = + - @ (or a tab or
 * carriage return before them): such text gets a leading apostrophe (OWASP's CSV-injection rule).
 * Characters XML forbids (control characters other than tab and line breaks) are dropped, so a
 * stray one from old data cannot break the file.
 */
export function exportCell(value: string | number): string | number {
  if (typeof value === 'number') return value
  // eslint-disable-next-line no-control-regex
  const text = value.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text
}
