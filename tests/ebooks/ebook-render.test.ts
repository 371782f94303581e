import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { bindItems, CANVAS_HEIGHT, CANVAS_WIDTH, fillValue, PAGE_MM, type FillData, type Template } from '~/features/ebooks/page-model'
import { pageMarkup, renderBookPdf, renderPageSvg, typstString } from '~/features/ebooks/render.server'
import { TEMPLATES, templateById, templatesLike } from '~/features/ebooks/templates'

const data: FillData = {
  book: { name: '我的心情日記', author: '王小明', journal: '501 心情日記', aboutAuthor: 'I like drawing and football.', thanks: '謝謝老師和爸爸媽媽。', postscript: '来年も書きたいです。' },
  board: { comments: [{ author: 'Ms Lin', text: 'Well done, keep going!', post: 'Rain' }] },
  post: { title: '下雨天', date: '2026-11-20', feelings: ['難過', '平靜'], frames: [{ text: '今天下雨了，我們在教室裡玩遊戲。', picture: '/pictures/a' }, { text: 'Second frame', picture: null }] },
}

/** The text of each page of a PDF, as a reader gets it. */
async function pdfText(pdf: Uint8Array) {
  const doc = await getDocument({ data: pdf, useSystemFonts: false }).promise
  const pages: string[] = []
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent()
    pages.push(content.items.map((x) => ('str' in x ? x.str : '')).join(''))
  }
  const { width, height } = (await doc.getPage(1)).getViewport({ scale: 1 })
  return { pages, width, height }
}

describe('e-book templates and the page renderer', () => {
  it('has two designs of every page type, and of diary pages for 1 to 4 frames, each inside the canvas', () => {
    for (const kind of ['cover', 'author', 'epilogue', 'board']) expect(templatesLike(`meadow-${kind}`).map((t) => t.type === TEMPLATES.find((x) => x.id === `meadow-${kind}`)!.type), kind).toEqual([true, true])
    // A board stays a board: type 4 has both, but a page changes only to its own kind.
    expect(templatesLike('sunrise-board').map((t) => t.id)).toEqual(['meadow-board', 'sunrise-board'])
    for (const frames of [1, 2, 3, 4]) expect(templatesLike(`meadow-diary-${frames}`).filter((t) => t.type === '2' && t.frames === frames).length, `${frames} frames`).toBe(2)
    expect(templatesLike('meadow-diary-3').some((t) => t.type === '2L')).toBe(true)
    expect(new Set(TEMPLATES.map((t) => t.id)).size).toBe(TEMPLATES.length)
    for (const t of TEMPLATES) {
      for (const i of t.items) expect(i.x >= 0 && i.y >= 0 && i.x + i.width <= CANVAS_WIDTH && i.y + i.height <= CANVAS_HEIGHT + 1, `${t.id} ${i.id}`).toBe(true)
      // A diary page of n frames binds the post's n texts and pictures.
      if (t.type === '2') expect(t.items.filter((i) => i.fill_data?.startsWith('post.frame')).length).toBe(t.frames)
    }
  })

  it('binds fill_data to the book, the message board and the post; an unbound item keeps its text', () => {
    expect(fillValue('book.name', data)).toBe('我的心情日記')
    expect(fillValue('post.frame2', data)).toBe('Second frame')
    expect(fillValue('post.frame4', data)).toBe('')
    expect(fillValue('post.picture1', data)).toBe('/pictures/a')
    expect(fillValue('post.feelings', data)).toBe('難過、平靜')
    expect(fillValue('board.comments', data)).toBe('Ms Lin（Rain）：Well done, keep going!')
    expect(fillValue('post.title', { book: data.book })).toBeUndefined()
    const diary = templateById('meadow-diary-2')!
    const bound = bindItems(diary, data)
    expect(bound.find((i) => i.fill_data === 'post.title')?.text).toBe('下雨天')
    expect(bound.find((i) => i.fill_data === 'post.picture1')?.img_url).toBe('/pictures/a')
    // Frame 2 has no picture: its picture's box goes and its text takes the room of both.
    expect(bound.find((i) => i.fill_data === 'post.picture2')).toBeUndefined()
    const [pic2, text2] = ['post.picture2', 'post.frame2'].map((k) => diary.items.find((i) => i.fill_data === k)!)
    const grown = bound.find((i) => i.fill_data === 'post.frame2')!
    expect([grown.x, grown.y, grown.x + grown.width, grown.y + grown.height]).toEqual([pic2.x, Math.min(pic2.y, text2.y), text2.x + text2.width, Math.max(pic2.y + pic2.height, text2.y + text2.height)])
    // A picture the page chose itself stays, even where the post has none.
    const own = { ...diary, items: diary.items.map((i) => (i.id === pic2.id ? { ...i, img_url: '/ebook/1/image/x', edited: true } : i)) }
    expect(bindItems(own, data).find((i) => i.id === pic2.id)?.img_url).toBe('/ebook/1/image/x')
    // Drawn lowest layer first.
    expect(bound.map((i) => i.z_index)).toEqual([...bound.map((i) => i.z_index)].sort((a, b) => a - b))
  })

  it('writes any text as a Typst string: no markup, code or file is read from a post', async () => {
    const text = 'a "quote" \\ #import "/etc/passwd" $x$ *bold* ]\u0007\nline'
    expect(typstString(text)).toBe('"a \\"quote\\" \\\\ #import \\"/etc/passwd\\" $x$ *bold* ]\\nline"')
    const template: Template = { id: 't', name: 't', type: '3', width: 600, items: [{ id: 'x', type: 'text', is_editable: true, x: 10, y: 10, width: 500, height: 100, text, z_index: 1 }] }
    await expect(renderPageSvg(template.items, 'en')).resolves.toContain('<svg')
    expect(pageMarkup(template.items, 'en')).toContain(typstString(text))
  })

  it('a page\'s picture is the A5 page with its bleed, and its printed text is the template\'s bound text', async () => {
    const picture = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#4fa3c7' } }).png().toBuffer()
    for (const template of TEMPLATES) {
      const svg = await renderPageSvg(bindItems(template, data), 'zh-TW', new Map([['/pictures/a', picture]]))
      const [, w, h] = svg.match(/viewBox="0 0 ([\d.]+) ([\d.]+)"/)!
      // Points: 154 × 216 mm.
      expect(Number(w), template.id).toBeCloseTo(((PAGE_MM.width + 2 * PAGE_MM.bleed) * 72) / 25.4, 0)
      expect(Number(h), template.id).toBeCloseTo(((PAGE_MM.height + 2 * PAGE_MM.bleed) * 72) / 25.4, 0)
      const png = await sharp(Buffer.from(svg)).png().toBuffer()
      expect((await sharp(png).metadata()).width).toBeGreaterThan(400)
    }
    const pages = ['meadow-cover', 'meadow-diary-2', 'sunrise-epilogue', 'sunrise-board'].map((id) => ({ items: bindItems(templateById(id)!, data), lang: 'zh-TW' as const }))
    const read = await pdfText(new Uint8Array(await renderBookPdf(pages, new Map([['/pictures/a', picture]]))))
    expect(read.pages).toHaveLength(4)
    expect(Math.round(read.width)).toBe(Math.round(((PAGE_MM.width + 2 * PAGE_MM.bleed) * 72) / 25.4))
    const squash = (s: string) => s.replace(/\s+/g, '')
    expect(squash(read.pages[0])).toContain('我的心情日記')
    expect(squash(read.pages[0])).toContain('王小明')
    expect(squash(read.pages[1])).toContain('今天下雨了，我們在教室裡玩遊戲。')
    expect(squash(read.pages[1])).toContain('Secondframe')
    expect(squash(read.pages[2])).toContain('来年も書きたいです。')
    expect(squash(read.pages[3])).toContain('Welldone,keepgoing!')
  })
})
