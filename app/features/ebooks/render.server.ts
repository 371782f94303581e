import { createHash } from 'node:crypto'
import { FONTS, LANG, typst, typstString, WORKSPACE } from '~/features/documents/typst.server'
import { MM_PER_UNIT, PAGE_MM, type TemplateItem } from './page-model'

/**
 * The one renderer of e-book pages (issue 23, decision 0038): each page is a Typst document made
 * from its template's items, drawn as SVG for the page picture and, in part 2, all pages as one
 * PDF. Text stays text (Typst breaks CJK lines itself), fonts are the packaged Noto Sans faces.
 * The compiler is the process's one (documents/typst.server.ts).
 */
export type BookLang = 'en' | 'zh-TW' | 'ja'

const mm = (units: number) => `${(units * MM_PER_UNIT).toFixed(2)}mm`
const pt = (units: number) => `${((units * MM_PER_UNIT * 72) / 25.4).toFixed(2)}pt`
const colour = (c: string | null | undefined, fallback: string | null) => (c && /^#[0-9a-f]{6}$/i.test(c) ? `rgb("${c}")` : fallback)
export { typstString }

/** A picture's path inside the compiler's shadow files: by content, so equal pictures are one file. */
export const picturePath = (bytes: Buffer) => `/pictures/${createHash('sha1').update(bytes).digest('hex')}`

function itemMarkup(item: TemplateItem, pictures: Map<string, string>) {
  const radius = item.shape === 'circle' ? '50%' : item.shape === 'round' ? '3mm' : '0pt'
  const box = `width: ${mm(item.width)}, height: ${mm(item.height)}, radius: ${radius}, clip: true${colour(item.background_color, null) ? `, fill: ${colour(item.background_color, null)}` : ''}`
  let body = ''
  if (item.type === 'pic') {
    const path = item.img_url ? pictures.get(item.img_url) : undefined
    // A picture not chosen yet is a soft placeholder of its box.
    body = path ? `#image("${path}", width: 100%, height: 100%, fit: "cover")` : `#rect(width: 100%, height: 100%, fill: luma(235), radius: ${radius})`
  } else if (item.text) {
    const align = item.text_align === 'center' ? 'center + horizon' : item.text_align === 'right' ? 'right + top' : 'left + top'
    body = `#set text(size: ${pt(item.font_size ?? 16)}, fill: ${colour(item.color, 'black')}, weight: "${item.font_weight === 'bold' ? 'bold' : 'regular'}")
#set par(justify: false, leading: 0.55em)
#align(${align})[#${typstString(item.text)}]`
  }
  return `#place(top + left, dx: ${mm(item.x)}, dy: ${mm(item.y)}, block(${box}, inset: ${item.type === 'text' && item.text ? '1.5mm' : '0pt'})[
${body}
])`
}

/** One page's Typst markup: A5 with its bleed, the items in their layers. */
export function pageMarkup(items: TemplateItem[], lang: BookLang, pictures: Map<string, string> = new Map()) {
  return [
    `#set page(width: ${PAGE_MM.width + 2 * PAGE_MM.bleed}mm, height: ${PAGE_MM.height + 2 * PAGE_MM.bleed}mm, margin: 0pt)`,
    `#set text(font: ${FONTS[lang]}, ${LANG[lang]})`,
    ...items.map((i) => itemMarkup(i, pictures)),
  ].join('\n')
}

/** Puts the pictures a page uses into the compiler's files; returns each picture's path by its URL. */
function mapPictures(pictures: Map<string, Buffer>) {
  const paths = new Map<string, string>()
  for (const [url, bytes] of pictures) {
    const path = picturePath(bytes)
    typst().mapShadow(`${WORKSPACE}${path}`, bytes)
    paths.set(url, path)
  }
  return paths
}

/**
 * Compiles with the pictures in the compiler's files, then takes them out and lets the compiler
 * forget what it kept of older compilations: after a class's thirty books of photos the process
 * held 2.2 GB without this, 1.7 GB with it (issue 38, bench/class-books.ts; the rest is not yet
 * found, see decision 0053).
 */
function withPictures<T>(pictures: Map<string, Buffer>, compile: (paths: Map<string, string>) => T) {
  const paths = mapPictures(pictures)
  try {
    return compile(paths)
  } finally {
    for (const path of new Set(paths.values())) typst().unmapShadow(`${WORKSPACE}${path}`)
    typst().evictCache(10)
  }
}

/** A page's picture: plain SVG (glyphs as outlines), the page's size in points. */
export function renderPageSvg(items: TemplateItem[], lang: BookLang, pictures: Map<string, Buffer> = new Map()) {
  return withPictures(pictures, (paths) => typst().plainSvg({ mainFileContent: pageMarkup(items, lang, paths) }))
}

/** The printed book: every page in order, one PDF with its fonts embedded and its text as text. */
export function renderBookPdf(pages: { items: TemplateItem[]; lang: BookLang }[], pictures: Map<string, Buffer> = new Map()) {
  return withPictures(pictures, (paths) => {
    const body = pages.map((p, i) => `${i > 0 ? '#pagebreak()\n' : ''}#[\n${pageMarkup(p.items, p.lang, paths).split('\n').slice(1).join('\n')}\n]`).join('\n')
    return typst().pdf({ mainFileContent: `#set page(width: ${PAGE_MM.width + 2 * PAGE_MM.bleed}mm, height: ${PAGE_MM.height + 2 * PAGE_MM.bleed}mm, margin: 0pt)\n${body}` })
  })
}
