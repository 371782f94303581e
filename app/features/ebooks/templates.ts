import { CANVAS_HEIGHT as H, CANVAS_WIDTH as W, SAFE_MARGIN as M, templateKind, type FillKey, type PageType, type Template, type TemplateItem } from './page-model'

/**
 * The built-in page templates (decision 0038): two designs in the product's colours, "Meadow" (the
 * console's green) and "Sunrise" (its orange), each with a cover, an author page, an epilogue, a
 * message board, and diary pages for posts of 1 to 4 frames (each frame a picture with its text),
 * plus a diary page with one large picture (2L). Texts bound to the book or the post are editable;
 * labels are the design's own.
 */
interface Palette {
  key: 'meadow' | 'sunrise'
  name: string
  ink: string
  accent: string
  soft: string
  paper: string
}
const PALETTES: Palette[] = [
  { key: 'meadow', name: 'Meadow', ink: '#1d2a26', accent: '#2f6f5e', soft: '#e6f2ee', paper: '#fbfdfc' },
  { key: 'sunrise', name: 'Sunrise', ink: '#2b1d12', accent: '#a34f12', soft: '#fff0e6', paper: '#fffaf5' },
]

let seq = 0
const item = (fields: Partial<TemplateItem> & Pick<TemplateItem, 'type' | 'x' | 'y' | 'width' | 'height'>): TemplateItem => ({ id: `i${++seq}`, is_editable: false, z_index: 1, ...fields })
const text = (fill: FillKey | null, box: [number, number, number, number], style: Partial<TemplateItem>) =>
  item({ type: 'text', x: box[0], y: box[1], width: box[2], height: box[3], fill_data: fill, is_editable: fill !== null, text: '', text_align: 'left', font_family: 'sans', font_size: 16, z_index: 2, ...style })
const pic = (fill: FillKey | null, box: [number, number, number, number], style: Partial<TemplateItem> = {}) =>
  item({ type: 'pic', x: box[0], y: box[1], width: box[2], height: box[3], fill_data: fill, is_editable: true, img_url: null, shape: 'round', z_index: 2, ...style })
const band = (p: Palette, box: [number, number, number, number], color = p.soft, shape: TemplateItem['shape'] = 'rect') => item({ type: 'text', x: box[0], y: box[1], width: box[2], height: box[3], text: '', background_color: color, shape, z_index: 0 })
const paper = (p: Palette) => band(p, [0, 0, W, H], p.paper)

const inner = W - 2 * M

function cover(p: Palette, variant: number): Template {
  const items =
    variant === 0
      ? [paper(p), band(p, [0, 0, W, 430], p.accent), text('book.name', [M, 200, inner, 150], { font_size: 44, font_weight: 'bold', color: '#ffffff', text_align: 'center' }), text('book.author', [M, 520, inner, 50], { font_size: 24, color: p.ink, text_align: 'center' }), text('book.journal', [M, 580, inner, 40], { font_size: 16, color: p.accent, text_align: 'center' })]
      : [paper(p), band(p, [M, M, inner, H - 2 * M], p.soft, 'round'), text('book.name', [M + 30, 260, inner - 60, 160], { font_size: 40, font_weight: 'bold', color: p.accent, text_align: 'left' }), text('book.author', [M + 30, 440, inner - 60, 50], { font_size: 22, color: p.ink }), text('book.journal', [M + 30, H - M - 80, inner - 60, 40], { font_size: 15, color: p.ink })]
  return { id: `${p.key}-cover`, name: `${p.name}: cover`, type: '1', width: W, items }
}

function titled(p: Palette, id: string, name: string, type: PageType, title: string, fills: FillKey[]): Template {
  const each = (H - 2 * M - 120) / fills.length
  return {
    id: `${p.key}-${id}`,
    name: `${p.name}: ${name}`,
    type,
    width: W,
    items: [
      paper(p),
      band(p, [0, 0, W, M + 90], p.soft),
      text(null, [M, M + 20, inner, 56], { text: title, font_size: 28, font_weight: 'bold', color: p.accent }),
      ...fills.map((f, i) => text(f, [M, M + 120 + i * each, inner, each - 20], { font_size: f === 'board.comments' ? 14 : 18, color: p.ink })),
    ],
  }
}

/** A diary page: the post's title and date, then its frames (picture beside or above its text) and the feelings. */
function diary(p: Palette, frames: 1 | 2 | 3 | 4): Template {
  const top = M + 100
  const bottom = H - M - 50
  const each = (bottom - top) / frames
  const picW = frames === 1 ? inner : Math.round(inner * 0.45)
  const items = [
    paper(p),
    band(p, [0, 0, W, M + 80], p.accent),
    text('post.title', [M, M + 10, inner - 150, 50], { font_size: 24, font_weight: 'bold', color: '#ffffff' }),
    text('post.date', [W - M - 150, M + 20, 150, 36], { font_size: 14, color: '#ffffff', text_align: 'right' }),
    ...Array.from({ length: frames }, (_, i) => {
      const y = top + i * each
      const n = (i + 1) as 1 | 2 | 3 | 4
      return frames === 1
        ? [pic(`post.picture${n}`, [M, y, inner, Math.round(each * 0.6)]), text(`post.frame${n}`, [M, y + Math.round(each * 0.6) + 16, inner, Math.round(each * 0.4) - 24], { font_size: 18, color: p.ink })]
        : [pic(`post.picture${n}`, [M, y + 8, picW, each - 24]), text(`post.frame${n}`, [M + picW + 20, y + 8, inner - picW - 20, each - 24], { font_size: frames >= 3 ? 14 : 16, color: p.ink })]
    }).flat(),
    text('post.feelings', [M, bottom + 8, inner, 36], { font_size: 14, color: p.accent }),
  ]
  return { id: `${p.key}-diary-${frames}`, name: `${p.name}: diary page, ${frames} frame${frames > 1 ? 's' : ''}`, type: '2', frames, width: W, items }
}

function diaryLarge(p: Palette): Template {
  return {
    id: `${p.key}-diary-large`,
    name: `${p.name}: diary page, large picture`,
    type: '2L',
    frames: 1,
    width: W,
    items: [paper(p), pic('post.picture1', [0, 0, W, Math.round(H * 0.62)], { shape: 'rect' }), band(p, [0, Math.round(H * 0.62), W, H - Math.round(H * 0.62)], p.soft), text('post.title', [M, Math.round(H * 0.62) + 20, inner, 50], { font_size: 24, font_weight: 'bold', color: p.accent }), text('post.frame1', [M, Math.round(H * 0.62) + 80, inner, H - Math.round(H * 0.62) - 80 - M - 40], { font_size: 16, color: p.ink }), text('post.date', [M, H - M - 36, inner, 30], { font_size: 13, color: p.ink, text_align: 'right' })],
  }
}

export const TEMPLATES: Template[] = PALETTES.flatMap((p, i) => [
  cover(p, i),
  titled(p, 'author', 'about the author', '3', '✦', ['book.aboutAuthor']),
  titled(p, 'epilogue', 'epilogue', '4', '✦', ['book.thanks', 'book.postscript']),
  titled(p, 'board', 'message board', '4', '✉', ['board.comments']),
  diary(p, 1),
  diary(p, 2),
  diary(p, 3),
  diary(p, 4),
  diaryLarge(p),
])

export const templateById = (id: string) => TEMPLATES.find((t) => t.id === id) ?? null

/**
 * The templates a page may change to: the same kind in every design, and for a post's page also the
 * large-picture page (its first frame, large). A board stays a board and an epilogue an epilogue,
 * though both are type 4.
 */
export function templatesLike(templateId: string) {
  const kind = templateKind(templateId)
  const diary = kind.startsWith('diary-')
  return TEMPLATES.filter((t) => templateKind(t.id) === kind || (diary && t.type === '2L'))
}

