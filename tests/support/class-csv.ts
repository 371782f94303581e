import iconv from 'iconv-lite'

/** A class list as a teacher's spreadsheet saves it: a heading, then year, grade, class, seat, name, account, password. */
export function classCsv(rows: { name: string; account: string; password?: string; grade?: number; classNo?: string }[], withHeading = true) {
  const lines = rows.map((r, i) => ['2026', String(r.grade ?? 5), r.classNo ?? '01', String(i + 1), r.name, r.account, r.password ?? 'kid-pass-1'].join(','))
  return `${withHeading ? '學年,年級,班級,座號,姓名,帳號,密碼\r\n' : ''}${lines.join('\r\n')}\r\n`
}

/** The same text saved as UTF-8, UTF-8 with a byte-order mark, Big5, Shift_JIS, or (refused) GBK and EUC-KR. */
export function encoded(text: string, encoding: 'utf-8' | 'utf-8-bom' | 'big5' | 'shift_jis' | 'gbk' | 'euc-kr') {
  if (encoding === 'utf-8') return Buffer.from(text, 'utf8')
  if (encoding === 'utf-8-bom') return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')])
  return iconv.encode(text, encoding)
}
