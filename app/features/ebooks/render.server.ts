import { createHash } from 'node:crypto'
import { FONTS, LANG, typstPdf, typstString, typstSvg } from '~/features/documents/typst.server'
import { loadSharp } from '~/sharp.server'
import { MM_PER_UNIT, PAGE_MM, type TemplateItem } from './page-model'

/**
 * The one renderer of e-book pages (decision 0038): each page is a Typst document made
 * from its template's items, drawn as SVG for the page picture and, in part 2, all pages as one
 * PDF. Text stays text (Typst breaks CJK lines itself), fonts are the packaged Noto Sans faces.
 * The compiler runs in its own process (documents/typst.server.ts).
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

/** The pictures by the paths the markup reads them at (by content: equal pictures are one file), and those paths by URL. */
function picturesByPath(pictures: Map<string, Buffer>) {
  const files = new Map<string, Buffer>()
  const paths = new Map<string, string>()
  for (const [url, bytes] of pictures) {
    const path = picturePath(bytes)
    files.set(path, bytes)
    paths.set(url, path)
  }
  return { files, paths }
}

/** A page's picture: plain SVG (glyphs as outlines), the page's size in points. */
export function renderPageSvg(items: TemplateItem[], lang: BookLang, pictures: Map<string, Buffer> = new Map()) {
  const { files, paths } = picturesByPath(pictures)
  return typstSvg(pageMarkup(items, lang, paths), files)
}

/**
 * Pictures as a PDF holds them best: a JPEG is embedded as it is, but a WebP (how posts keep their
 * photos) is decoded and stored losslessly, seven times larger: a class's 30 books of photos were
 * 1 GB. A picture with transparency stays as it is (a PDF has no transparent JPEG).
 */
async function printable(pictures: Map<string, Buffer>) {
  const sharp = await loadSharp()
  const jpeg = async (bytes: Buffer) => {
    const meta = await sharp(bytes).metadata()
    return meta.format === 'jpeg' || meta.hasAlpha ? bytes : sharp(bytes).jpeg({ quality: 88 }).toBuffer()
  }
  return new Map(await Promise.all([...pictures].map(async ([url, bytes]) => [url, await jpeg(bytes)] as const)))
}

/** The printed book: every page in order, one PDF with its fonts embedded and its text as text. */
export async function renderBookPdf(pages: { items: TemplateItem[]; lang: BookLang }[], pictures: Map<string, Buffer> = new Map()) {
  const { files, paths } = picturesByPath(await printable(pictures))
  const body = pages.map((p, i) => `${i > 0 ? '#pagebreak()\n' : ''}#[\n${pageMarkup(p.items, p.lang, paths).split('\n').slice(1).join('\n')}\n]`).join('\n')
  return typstPdf(`#set page(width: ${PAGE_MM.width + 2 * PAGE_MM.bleed}mm, height: ${PAGE_MM.height + 2 * PAGE_MM.bleed}mm, margin: 0pt)\n${body}`, files)
}
