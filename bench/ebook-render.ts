// Decision 0038: every page picture of a 30-page book with a picture on every diary page, drawn by the
// one renderer (Typst), and the same 30 pages as one PDF. Run in a process of its own; prints JSON.
import sharp from 'sharp'
import { bindItems, type FillData } from '../app/features/ebooks/page-model'
import { renderBookPdf, renderPageSvg } from '../app/features/ebooks/render.server'
import { templateById, TEMPLATES } from '../app/features/ebooks/templates'

const picture = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#7cb86f' } }).jpeg().toBuffer()
const pictures = new Map([['/pictures/bench', picture]])
const frames = Array.from({ length: 4 }, (_, i) => ({ text: `第${i + 1}格：今天下雨了，我們在教室裡玩遊戲。大家都很開心，可是我有點想出去踢球。`, picture: '/pictures/bench' }))
const data: FillData = {
  book: { name: '我的心情日記', author: '王小明', journal: '501 心情日記', aboutAuthor: '我喜歡畫畫和踢足球。', thanks: '謝謝老師和爸爸媽媽。', postscript: '希望明年也能繼續寫。' },
  board: { comments: Array.from({ length: 8 }, (_, i) => ({ author: '林老師', text: '你寫得很好，繼續加油！', post: `日記 ${i + 1}` })) },
  post: { title: '下雨天', date: '2026-11-20', feelings: ['難過', '平靜'], frames },
}
const diaries = TEMPLATES.filter((t) => t.type === '2' || t.type === '2L')
// A cover, the author, 26 diary pages, the message board and the epilogue.
const templates = [templateById('meadow-cover')!, templateById('meadow-author')!, ...Array.from({ length: 26 }, (_, i) => diaries[i % diaries.length]), templateById('meadow-board')!, templateById('meadow-epilogue')!]
// Every run's pages differ (the page number in each post's title), so no run reuses another's layout.
const bookOf = (run: number) => templates.map((t, i) => bindItems(t, { ...data, post: { ...data.post!, title: `下雨天 ${run}-${i + 1}` } }))
const book = bookOf(0)
const time = async (f: () => Promise<unknown>) => {
  const t = performance.now()
  await f()
  return performance.now() - t
}
const first = await time(() => renderPageSvg(book[0], 'zh-TW', pictures))
const runs: number[] = []
for (const b of Array.from({ length: 10 }, (_, run) => bookOf(run + 1))) runs.push(await time(() => Promise.all(b.map((items) => renderPageSvg(items, 'zh-TW', pictures)))))
runs.sort((a, b) => a - b)
const pdfRuns: number[] = []
for (const b of Array.from({ length: 10 }, (_, run) => bookOf(run + 20))) pdfRuns.push(await time(() => renderBookPdf(b.map((items) => ({ items, lang: 'zh-TW' as const })), pictures)))
pdfRuns.sort((a, b) => a - b)
const pdfBytes = (await renderBookPdf(book.map((items) => ({ items, lang: 'zh-TW' as const })), pictures)).length
const r = (x: number) => Math.round(x)
console.log(JSON.stringify({ pages: book.length, firstPageMs: r(first), picturesP50Ms: r(runs[5]), picturesP95Ms: r(runs[9]), pdfP50Ms: r(pdfRuns[5]), pdfP95Ms: r(pdfRuns[9]), pdfKb: r(pdfBytes / 1024) }))
