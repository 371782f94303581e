import type * as Typst from '@myriaddreamin/typst-ts-node-compiler'
import { createRequire } from 'node:module'
import { FONT_DIRS } from '~/fonts.server'
import { withoutControl } from '~/shared/text'

/**
 * The one Typst compiler of the process (decision 0038): e-book pages, and the school's documents
 * (an alert's record, a student's data, a family pack: issue 36). Creating it reads the font
 * folders (about 0.4 s); a document then takes tens of milliseconds.
 */
let compiler: Typst.NodeCompiler | null = null
// The workspace is a folder that does not exist: a document reads only the pictures put into it (shadow files).
export const WORKSPACE = '/nonexistent-ebook-workspace'
// The compiler is required at the first document, not at start-up: most processes never make one (decision 0043).
const require = createRequire(import.meta.url)
export const typst = () =>
  (compiler ??= (require('@myriaddreamin/typst-ts-node-compiler') as typeof Typst).NodeCompiler.create({ workspace: WORKSPACE, fontArgs: [{ fontPaths: FONT_DIRS }] }))

/** A Typst string literal of any text: control characters dropped, the rest escaped as JSON does (Typst reads the same escapes). */
export const typstString = (text: string) => JSON.stringify(withoutControl(text).replace(/\r/g, ''))

/** Text as Typst content: `#"…"` shows it as written, markup characters and all. */
export const text = (value: string | number | null | undefined) => `#${typstString(String(value ?? ''))}`

export type DocumentLang = 'en' | 'zh-TW' | 'ja'
/** Han characters take the regional shapes of the first CJK face that has them. */
export const FONTS: Record<DocumentLang, string> = {
  en: '("Noto Sans", "Noto Sans T Chinese", "Noto Sans Japanese")',
  'zh-TW': '("Noto Sans", "Noto Sans T Chinese", "Noto Sans Japanese")',
  ja: '("Noto Sans", "Noto Sans Japanese", "Noto Sans T Chinese")',
}
export const LANG: Record<DocumentLang, string> = { en: 'lang: "en"', 'zh-TW': 'lang: "zh", region: "tw"', ja: 'lang: "ja"' }

/**
 * A plain A4 document for the school's file: the reader's language and fonts, a running footer
 * with the title and page numbers, then the body's Typst markup. Returns the PDF.
 */
export function documentPdf(body: string, { lang, title }: { lang: DocumentLang; title: string }, pictures: Map<string, Buffer> = new Map()) {
  for (const [path, bytes] of pictures) typst().mapShadow(`${WORKSPACE}${path}`, bytes)
  try {
    return compileDocument(body, lang, title)
  } finally {
    // A document's pictures and the compiler's memo of it are not kept: a server makes many, each once.
    for (const path of pictures.keys()) typst().unmapShadow(`${WORKSPACE}${path}`)
    typst().evictCache(10)
  }
}

function compileDocument(body: string, lang: DocumentLang, title: string) {
  const markup = [
    `#set document(title: ${typstString(title)})`,
    `#set page(paper: "a4", margin: (x: 18mm, y: 20mm), footer: context [#set text(size: 8pt, fill: luma(90)); ${text(title)} #h(1fr) #counter(page).display("1 / 1", both: true)])`,
    `#set text(font: ${FONTS[lang]}, ${LANG[lang]}, size: 10pt)`,
    '#set par(justify: false, leading: 0.6em)',
    '#show heading: set block(above: 1.2em, below: 0.6em)',
    body,
  ].join('\n')
  return Buffer.from(typst().pdf({ mainFileContent: markup }))
}

/** A PDF as a download named after what it holds (any script: the name is sent in RFC 5987's form too). */
export function pdfDownload(pdf: Uint8Array, name: string) {
  // eslint-disable-next-line no-control-regex
  const file = `${(name || 'document').replace(/[\\/:*?"<>|\u0000-\u001f]/g, '_').slice(0, 80)}.pdf`
  const ascii = file.replace(/[^\x20-\x7e]/g, '_')
  return new Response(new Uint8Array(pdf), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file)}`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  })
}
