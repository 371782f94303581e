import type { TFunction } from 'i18next'
import { typstText } from './typst.server'

/** A frame's label, as the post's page names it (ui/post-view.tsx). */
const FRAME_LABELS: Record<string, string> = { event: 'news.event', emotion: 'news.emotionFrame', behavior: 'news.behaviourFrame' }

export interface PrintedPost {
  /** The frames in their order: type (event, emotion, behavior), the text as written, a note of the picture if any. */
  frames: { type: string; text: string; picture?: string | null }[]
  /** The feelings and behaviours chosen, already named in the reader's language. */
  feelings: string[]
  behaviours: string[]
}

/**
 * A post's frames in a printed document (the safeguarding record, the export's PDF), as its page
 * shows them (decision 0059): each frame once, a paragraph of its own under its own label, the feelings
 * chosen with the feelings frame and the behaviours with the behaviour frame; a frame with nothing in
 * it is left out (no empty label). Feelings or behaviours whose frame the post lacks follow under
 * that frame's label. Typst markup, one paragraph an entry.
 */
export function postFramesMarkup(post: PrintedPost, t: TFunction): string[] {
  const tr = t as unknown as (key: string) => string
  const tagsOf = { emotion: post.feelings, behavior: post.behaviours } as Record<string, string[]>
  const placed = new Set<string>()
  const paragraph = (type: string, body: string[]) => `*${typstText(tr(FRAME_LABELS[type] ?? FRAME_LABELS.event))}*: ${body.map((b) => typstText(b)).join(' — ')}`
  const out: string[] = []
  for (const f of post.frames) {
    const tags = !placed.has(f.type) && tagsOf[f.type]?.length ? tagsOf[f.type].join(', ') : ''
    if (tags) placed.add(f.type)
    const body = [tags, f.text.trim()].filter(Boolean)
    if (body.length) out.push(paragraph(f.type, body))
    if (f.picture) out.push(`#text(fill: luma(90))[${typstText(f.picture)}]`)
  }
  for (const type of ['emotion', 'behavior']) if (!placed.has(type) && tagsOf[type].length) out.push(paragraph(type, [tagsOf[type].join(', ')]))
  return out
}
