/**
 * The e-book page model (spec 3, entity "E-book" template; decision 0038). A template is a list of items
 * on a canvas 600 units wide that covers the printed page with its bleed: A5 portrait (148 × 210
 * mm) plus 3 mm on every side, so 154 × 216 mm. The editor draws the canvas at 600 px (zoom 10 =
 * 100 %); the renderer turns units into millimetres. An item is a text or a picture with its box,
 * alignment, colour, font, size, background, shape and layer, and may be bound to a field of the
 * book or of the page's post (`fill_data`).
 */
export const PAGE_MM = { width: 148, height: 210, bleed: 3 } as const
export const CANVAS_WIDTH = 600
export const MM_PER_UNIT = (PAGE_MM.width + 2 * PAGE_MM.bleed) / CANVAS_WIDTH
export const CANVAS_HEIGHT = Math.round((PAGE_MM.height + 2 * PAGE_MM.bleed) / MM_PER_UNIT)
/** Where text and pictures stay clear of the trim: the bleed plus 6 mm, in units. */
export const SAFE_MARGIN = Math.round((PAGE_MM.bleed + 6) / MM_PER_UNIT)

/** The smallest an item may be made in the editor, in units. */
export const MIN_ITEM = 20
export type Box = { x: number; y: number; width: number; height: number }
const clamp = (v: number, min: number, max: number) => Math.min(Math.max(Math.round(v), min), max)
/** The one rule for an item's box, in the editor and on the server: on the canvas, whole units, never smaller than MIN_ITEM. */
export function keepOnCanvas(box: Box): Box {
  const x = clamp(box.x, 0, CANVAS_WIDTH - MIN_ITEM)
  const y = clamp(box.y, 0, CANVAS_HEIGHT - MIN_ITEM)
  return { x, y, width: clamp(box.width, MIN_ITEM, CANVAS_WIDTH - x), height: clamp(box.height, MIN_ITEM, CANVAS_HEIGHT - y) }
}

/** 1 cover, 2 a diary page, 2L a diary page with its picture large, 3 about the author, 4 epilogue (spec 3). */
export const PAGE_TYPES = ['1', '2', '2L', '3', '4'] as const
export type PageType = (typeof PAGE_TYPES)[number]

/** What a template is for, whatever its design ("meadow-…", "sunrise-…"): "cover", "author", "epilogue", "board", "diary-2", "diary-large". */
export const templateKind = (id: string) => id.slice(id.indexOf('-') + 1)

export const FILL_KEYS = [
  'book.name',
  'book.author',
  'book.journal',
  'book.aboutAuthor',
  'book.thanks',
  'book.postscript',
  'board.comments',
  'post.title',
  'post.date',
  'post.feelings',
  'post.frame1',
  'post.frame2',
  'post.frame3',
  'post.frame4',
  'post.picture1',
  'post.picture2',
  'post.picture3',
  'post.picture4',
] as const
export type FillKey = (typeof FILL_KEYS)[number]

/** The faces the server carries (decision 0026): Noto Sans in Latin, Traditional Chinese and Japanese. */
export const FONT_FAMILIES = ['sans'] as const
export type FontFamily = (typeof FONT_FAMILIES)[number]

export interface TemplateItem {
  id: string
  type: 'text' | 'pic'
  is_editable: boolean
  x: number
  y: number
  width: number
  height: number
  text?: string
  text_align?: 'left' | 'center' | 'right'
  color?: string
  /** In units of the 600-wide canvas. */
  font_size?: number
  font_family?: FontFamily
  font_weight?: 'regular' | 'bold'
  /** A picture's source: a stored picture (/pictures/{id}) or an e-book page image. */
  img_url?: string | null
  background_color?: string | null
  shape?: 'rect' | 'round' | 'circle'
  z_index: number
  fill_data?: FillKey | null
  /** Set once the page's own text or picture replaced the bound field's (the item keeps its binding's name). */
  edited?: boolean
}

export interface Template {
  id: string
  name: string
  type: PageType
  /** For diary pages: the number of frames (picture and text blocks) the template holds. */
  frames?: 1 | 2 | 3 | 4
  width: typeof CANVAS_WIDTH
  items: TemplateItem[]
}

/** What a page's bound items are filled with: the book's texts and, on a diary page, its post. */
export interface FillData {
  book: { name: string; author: string; journal: string; aboutAuthor: string; thanks: string; postscript: string }
  board?: { comments: { author: string; text: string; post: string }[] }
  post?: { title: string; date: string; feelings: string[]; frames: { text: string; picture: string | null }[] }
}

/** The value a bound item shows; undefined for a field the data does not have (the item keeps its own text). */
export function fillValue(key: FillKey, data: FillData): string | undefined {
  const [scope, field] = key.split('.') as [string, string]
  if (scope === 'book') return data.book[field as keyof FillData['book']]
  if (scope === 'board') return data.board ? data.board.comments.map((c) => `${c.author}（${c.post}）：${c.text}`).join('\n') : undefined
  if (!data.post) return undefined
  if (field === 'title') return data.post.title
  if (field === 'date') return data.post.date
  if (field === 'feelings') return data.post.feelings.join('、')
  const frame = data.post.frames[Number(field.slice(-1)) - 1]
  if (field.startsWith('frame')) return frame?.text ?? ''
  return frame?.picture ?? undefined
}

/**
 * The template's items with their bound fields filled, lowest layer first (the order they are drawn
 * in). On a post's page, a frame the student wrote without a picture gives its text the picture's
 * room: the picture's box goes and the text takes both (a printed book shows no empty frames).
 */
export function bindItems(template: Template, data: FillData): TemplateItem[] {
  const frames = data.post?.frames
  const pictureless = (item: TemplateItem) => {
    const n = item.fill_data?.match(/^post\.picture(\d)$/)?.[1]
    return !!frames && !!n && item.type === 'pic' && !item.edited && !frames[Number(n) - 1]?.picture
  }
  const freed = new Map(template.items.filter(pictureless).map((i) => [`post.frame${i.fill_data!.slice(-1)}`, i]))
  return [...template.items]
    .filter((item) => !pictureless(item))
    .sort((a, b) => a.z_index - b.z_index)
    .map((item) => {
      const room = item.fill_data ? freed.get(item.fill_data) : undefined
      const placed = room ? { ...item, ...union(item, room) } : item
      if (!item.fill_data || item.edited) return placed
      const value = fillValue(item.fill_data, data)
      if (value === undefined) return placed
      return item.type === 'pic' ? { ...placed, img_url: value || null } : { ...placed, text: value }
    })
}

function union(a: Box, b: Box): Box {
  const x = Math.min(a.x, b.x)
  const y = Math.min(a.y, b.y)
  return { x, y, width: Math.max(a.x + a.width, b.x + b.width) - x, height: Math.max(a.y + a.height, b.y + b.height) - y }
}
