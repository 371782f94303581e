import { fork, type ChildProcess } from 'node:child_process'
import { createRequire } from 'node:module'
import { FONT_DIRS } from '~/fonts.server'
import { withoutControl } from '~/shared/text'

/**
 * Typst compiles in a process of its own (decision 0054; the one renderer: decision 0038): e-book
 * pages, and the school's documents (an alert's record, a student's data, a family pack, a class's
 * parent pack: decisions 0047 and 0053). The compiler's native caches keep every picture it has decoded
 * (35 MB a book of photos, and evicting them leaks more), and a compile holds the event loop for up
 * to a second. So the server hands each compile to a child (typst-child.mjs), one at a time, ends the
 * child once it has grown past CHILD_MAX_MB or sat idle for CHILD_IDLE_MS, and starts one at the
 * next compile (about 0.5 s: Node, then the font folders).
 */
export const WORKSPACE = '/nonexistent-ebook-workspace'
const CHILD_MAX_MB = 192
const CHILD_IDLE_MS = 60_000

type Answer = { id: number; ok: true; result: string | Uint8Array; rssMb: number; peakMb: number } | { id: number; ok: false; error: string; rssMb: number; peakMb: number }
let child: ChildProcess | null = null
let idle: NodeJS.Timeout | undefined
let queue: Promise<unknown> = Promise.resolve()
let nextId = 0
let childPeakMb = 0

/** The compiler process now running, if any (the tests end it to see the next compile start another). */
export const typstProcessPid = () => child?.pid ?? null

/** The largest resident memory any compiler process of this server has had (the bench reports it). */
export const typstChildPeakMb = () => Math.round(childPeakMb)

// By the package's own name (package.json "exports"): the same file from the sources and from the built chunks.
const CHILD = createRequire(import.meta.url).resolve('school-console/typst-child')

function startChild() {
  const started = fork(CHILD, [JSON.stringify({ workspace: WORKSPACE, fontDirs: FONT_DIRS })], {
    // Not the parent's loaders or flags (tsx, vitest's): the child is plain JavaScript.
    execArgv: [],
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  started.on('exit', () => {
    if (child === started) child = null
  })
  // A send to a child that has just died is reported here (its compile fails by its exit): never thrown at the server.
  started.on('error', (error) => console.error('the Typst process:', error.message))
  return started
}

function endChild() {
  child?.kill()
  child = null
}

/** While no compile waits, the child keeps neither the server nor a test process from ending. */
function hold(on: boolean) {
  if (!child) return
  if (on) {
    clearTimeout(idle)
    child.ref()
    child.channel?.ref()
  } else {
    child.unref()
    child.channel?.unref()
    idle = setTimeout(endChild, CHILD_IDLE_MS)
    idle.unref()
  }
}

function compileInChild(format: 'pdf' | 'svg', markup: string, files: Map<string, Buffer>) {
  const proc = (child ??= startChild())
  hold(true)
  const id = ++nextId
  return new Promise<string | Uint8Array>((resolve, reject) => {
    const onMessage = (answer: Answer) => {
      if (answer.id !== id) return
      done()
      childPeakMb = Math.max(childPeakMb, answer.peakMb)
      if (answer.rssMb > CHILD_MAX_MB) endChild()
      if (answer.ok) resolve(answer.result)
      else reject(new Error(`Typst: ${answer.error}`))
    }
    const onExit = (code: number | null, signal: string | null) => {
      done()
      reject(new Error(`The Typst process ended during a compile (${signal ?? code})`))
    }
    const done = () => {
      proc.off('message', onMessage)
      proc.off('exit', onExit)
      hold(false)
    }
    proc.on('message', onMessage)
    proc.on('exit', onExit)
    proc.send({ id, format, markup, files: [...files] })
  })
}

/** Compiles in the Typst process, after the compiles before it; `files` are the pictures the markup reads, by path. */
function compile(format: 'pdf' | 'svg', markup: string, files: Map<string, Buffer>) {
  const result = queue.then(() => compileInChild(format, markup, files))
  queue = result.catch(() => undefined)
  return result
}

/** A document's PDF. */
export async function typstPdf(markup: string, files: Map<string, Buffer> = new Map()) {
  const pdf = (await compile('pdf', markup, files)) as Uint8Array
  // The bytes as they came from the child, not a copy: a book of photos is tens of megabytes.
  return Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength)
}
/** A page as plain SVG (glyphs as outlines). */
export const typstSvg = async (markup: string, files: Map<string, Buffer> = new Map()) => (await compile('svg', markup, files)) as string

/** A Typst string literal of any text: control characters dropped, the rest escaped as JSON does (Typst reads the same escapes). */
export const typstString = (text: string) => JSON.stringify(withoutControl(text).replace(/\r/g, ''))

/** Text as Typst content: `#"…"` shows it as written, markup characters and all. */
export const typstText = (value: string | number | null | undefined) => `#${typstString(String(value ?? ''))}`

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
  const markup = [
    `#set document(title: ${typstString(title)})`,
    `#set page(paper: "a4", margin: (x: 18mm, y: 20mm), footer: context [#set text(size: 8pt, fill: luma(90)); ${typstText(title)} #h(1fr) #counter(page).display("1 / 1", both: true)])`,
    `#set text(font: ${FONTS[lang]}, ${LANG[lang]}, size: 10pt)`,
    '#set par(justify: false, leading: 0.6em)',
    '#show heading: set block(above: 1.2em, below: 0.6em)',
    body,
  ].join('\n')
  return typstPdf(markup, pictures)
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
