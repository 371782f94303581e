import type { TFunction } from 'i18next'
import type { OverlayOptions } from 'sharp'
import { loadSharp } from '~/sharp.server'
import { FONT_FAMILY } from '~/fonts.server'
import { COMPOSE_TYPES, type ComposeType } from './compose-types'
import { behaviourName, emotionName } from './names'


export interface ImagePost {
  title: string
  author: string
  diaryDate: string
  location: string | null
  happenTime: string | null
  frames: { id: number; type: string; message: string | null; imgUrl?: string | null }[]
  emotions: string[]
  behaviours: number[]
}

const MARGIN = 10 // spec 2 section 9: a 10 px white margin
const GAP = 12
const PAD = 16
const BAMBOO_WIDTH = 720
const BLOCK_WIDTH = 354 // two panels and a gap make the same 720
const FRAME_COLOURS: Record<string, string> = { event: '#2f6f9f', emotion: '#b4531d', behavior: '#2f6f5e' }

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** Kana mark Japanese: its Han characters take Japanese glyph shapes; otherwise Traditional Chinese. */
const fontFamily = (text: string) => (/[\u3040-\u30ff]/.test(text) ? FONT_FAMILY.ja : FONT_FAMILY.tc)

/** Wrapped text as a transparent PNG, laid out by Pango (line breaks for CJK and Latin alike). */
async function textImage(markup: string, width: number, family: string, size: number) {
  const sharp = await loadSharp()
  const { data, info } = await sharp({ text: { text: markup, font: `${family} ${size}`, width, dpi: 72, rgba: true, wrap: 'word-char' } })
    .png()
    .toBuffer({ resolveWithObject: true })
  return { input: data, width: info.width, height: info.height }
}

type Piece = { input: Buffer; width: number; height: number }
type Panel = { pieces: Piece[]; colour: string; height: number }

/** One frame: its label, its text and, for the emotion and behaviour frames, the chosen tags. */
async function framePanel(post: ImagePost, frame: ImagePost['frames'][number], width: number, family: string, t: TFunction, pictureOf: (url: string) => Promise<Buffer | null>): Promise<Panel> {
  const sharp = await loadSharp()
  const inner = width - 2 * PAD
  const colour = FRAME_COLOURS[frame.type] ?? '#555555'
  const pieces = [await textImage(`<span foreground="${colour}" weight="bold">${escape(t(`news.block_${frame.type}` as 'news.block_event'))}</span>`, inner, family, 16)]
  if (frame.message) pieces.push(await textImage(escape(frame.message), inner, family, 18))
  const picture = frame.imgUrl ? await pictureOf(frame.imgUrl) : null
  if (picture) {
    const { data, info } = await sharp(picture).resize({ width: inner, height: inner, fit: 'inside', withoutEnlargement: true }).png().toBuffer({ resolveWithObject: true })
    pieces.push({ input: data, width: info.width, height: info.height })
  }
  const tags =
    frame.type === 'emotion'
      ? post.emotions.map((c) => `#${emotionName(c, t)}`)
      : frame.type === 'behavior'
        ? post.behaviours.map((c) => behaviourName(c, t))
        : []
  if (tags.length > 0) pieces.push(await textImage(`<span foreground="${colour}">${escape(tags.join('  '))}</span>`, inner, family, 16))
  const height = pieces.reduce((h, p) => h + p.height, 0) + (pieces.length - 1) * 8 + 2 * PAD
  return { pieces, colour, height }
}

const panelBox = (width: number, height: number, colour: string) =>
  Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect x="1" y="1" width="${width - 2}" height="${height - 2}" rx="10" fill="#ffffff" stroke="${colour}" stroke-width="2"/></svg>`)

/**
 * The post as a PNG on white, with a 10 px margin (spec 2 image export): title and details on
 * top, then the frames as panels, one under another (bamboo) or two a row (block).
 */
export async function renderPostImage(post: ImagePost, compose: ComposeType, t: TFunction, pictureOf: (url: string) => Promise<Buffer | null> = async () => null) {
  const sharp = await loadSharp()
  const family = fontFamily([post.title, ...post.frames.map((f) => f.message ?? '')].join(''))
  const contentWidth = BAMBOO_WIDTH
  const panelWidth = compose === COMPOSE_TYPES.block ? BLOCK_WIDTH : BAMBOO_WIDTH
  const details = [post.diaryDate, post.location, post.happenTime, t('news.by', { name: post.author })].filter(Boolean).join(' · ')
  const title = await textImage(`<span weight="bold">${escape(post.title)}</span>`, contentWidth, family, 28)
  const meta = await textImage(`<span foreground="#666666">${escape(details)}</span>`, contentWidth, family, 16)
  const panels = await Promise.all(post.frames.map((f) => framePanel(post, f, panelWidth, family, t, pictureOf)))

  const layers: OverlayOptions[] = [
    { input: title.input, left: MARGIN, top: MARGIN },
    { input: meta.input, left: MARGIN, top: MARGIN + title.height + 4 },
  ]
  let y = MARGIN + title.height + 4 + meta.height + GAP
  const perRow = compose === COMPOSE_TYPES.block ? 2 : 1
  for (let i = 0; i < panels.length; i += perRow) {
    const row = panels.slice(i, i + perRow)
    const rowHeight = Math.max(...row.map((p) => p.height))
    row.forEach((panel, col) => {
      const x = MARGIN + col * (panelWidth + GAP)
      layers.push({ input: panelBox(panelWidth, rowHeight, panel.colour), left: x, top: y })
      let py = y + PAD
      for (const piece of panel.pieces) {
        layers.push({ input: piece.input, left: x + PAD, top: py })
        py += piece.height + 8
      }
    })
    y += rowHeight + GAP
  }
  const height = y - GAP + MARGIN
  return sharp({ create: { width: contentWidth + 2 * MARGIN, height, channels: 3, background: '#ffffff' } })
    .composite(layers)
    .png()
    .toBuffer()
}

/** "{title}_{diary date}.png", without the characters file systems refuse. */
export const imageFileName = (post: Pick<ImagePost, 'title' | 'diaryDate'>) => `${post.title.replace(/[\\/:*?"<>|\r\n]+/g, ' ').replace(/\s+/g, ' ').trim() || 'post'}_${post.diaryDate}.png`
