// Large bodies sent as a client on the wire sends them (node:http and raw sockets, with a length or
// chunked), and the app process's memory while they arrive: what the browser's own requests cannot
// show (a reset, the answer's headers, when the connection closed).
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import http from 'node:http'
import net from 'node:net'
import path from 'node:path'

/** The app process of this worker's server (e2e/support/serve.ts writes it). */
export const appPid = () => readFileSync(path.join(process.env.E2E_WORKER_DIR!, 'app.pid'), 'utf8')

/** Resident memory of a process in MB (ps, on Linux and macOS alike). */
export const residentMb = (pid: string) => Number(execFileSync('ps', ['-o', 'rss=', '-p', pid], { encoding: 'utf8' }).trim()) / 1024

/** The highest resident memory of the app process while `work` runs, sampled every 50 ms, and what it was before. */
export async function peakMemoryDuring<T>(work: () => Promise<T>) {
  const pid = appPid()
  const before = residentMb(pid)
  let peak = before
  const watch = setInterval(() => (peak = Math.max(peak, residentMb(pid))), 50)
  try {
    return { result: await work(), before, peak: Math.max(peak, residentMb(pid)) }
  } finally {
    clearInterval(watch)
  }
}

const BLOCK = Buffer.alloc(64 * 1024, 0x61)

/** A body of `size` bytes sent in 64 KB chunks, without or with a Content-Length; resolves with the status. */
export function flood(url: URL, size: number, chunked: boolean) {
  return new Promise<number | string>((resolve) => {
    const headers: Record<string, string | number> = { 'Content-Type': 'application/x-www-form-urlencoded', Origin: url.origin }
    if (!chunked) headers['Content-Length'] = size
    const req = http.request(url, { method: 'POST', headers }, (res) => {
      res.resume()
      resolve(res.statusCode ?? 0)
    })
    req.on('error', (error) => resolve(error.message))
    let sent = 0
    const write = () => {
      while (sent < size) {
        sent += BLOCK.length
        if (!req.write(BLOCK)) return void req.once('drain', write)
      }
      req.end()
    }
    write()
  })
}

export interface Upload {
  url: URL
  /** The session cookie ("__session=…"). */
  cookie: string
  /** Fields before the file, as a form puts them. */
  fields?: Record<string, string>
  /** The file field's name. */
  file: string
  size: number
  chunked: boolean
  /** Bytes a second the client sends at most (a slow network); as fast as it can when not given. */
  bytesPerSecond?: number
}

export interface UploadAnswer {
  status: number
  headers: http.IncomingHttpHeaders
  body: string
  /** From the first byte sent to the answer's status line. */
  msToAnswer: number
  /** What the client had sent when the answer came. */
  sentWhenAnswered: number
  /** A client error (ECONNRESET, EPIPE…) that came before the whole answer was read, if any. */
  errorBeforeAnswer?: string
}

function multipartOf(fields: Record<string, string>, file: string) {
  const boundary = `----upload${Date.now().toString(36)}`
  const head = Object.entries(fields)
    .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
    .join('')
  return {
    type: `multipart/form-data; boundary=${boundary}`,
    head: Buffer.from(`${head}--${boundary}\r\nContent-Disposition: form-data; name="${file}"; filename="photo.png"\r\nContent-Type: image/png\r\n\r\n`),
    tail: Buffer.from(`\r\n--${boundary}--\r\n`),
  }
}

/** A multipart form with a file of `size` bytes, sent with node:http as a browser would; resolves with the whole answer. */
export function upload({ url, cookie, fields = {}, file, size, chunked, bytesPerSecond }: Upload) {
  const body = multipartOf(fields, file)
  const headers: Record<string, string | number> = { 'Content-Type': body.type, Origin: url.origin, Cookie: cookie }
  if (!chunked) headers['Content-Length'] = body.head.length + size + body.tail.length
  return new Promise<UploadAnswer>((resolve) => {
    const start = performance.now()
    let sent = 0
    let answered: Omit<UploadAnswer, 'body'> | null = null
    const req = http.request(url, { method: 'POST', headers }, (res) => {
      answered = { status: res.statusCode ?? 0, headers: res.headers, msToAnswer: performance.now() - start, sentWhenAnswered: sent }
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => resolve({ ...answered!, body: Buffer.concat(chunks).toString('utf8') }))
      res.on('error', (error) => resolve({ ...answered!, body: Buffer.concat(chunks).toString('utf8'), errorBeforeAnswer: (error as NodeJS.ErrnoException).code ?? error.message }))
    })
    // An error after the whole answer (the client writing on a connection the server closed) is no matter.
    req.on('error', (error) => {
      if (!answered) resolve({ status: 0, headers: {}, body: '', msToAnswer: performance.now() - start, sentWhenAnswered: sent, errorBeforeAnswer: (error as NodeJS.ErrnoException).code ?? error.message })
    })
    req.write(body.head)
    const write = () => {
      while (sent < size && !req.destroyed) {
        sent += BLOCK.length
        const more = req.write(BLOCK)
        if (bytesPerSecond) return void setTimeout(write, (BLOCK.length / bytesPerSecond) * 1000)
        if (!more) return void req.once('drain', write)
      }
      if (!req.destroyed) req.end(body.tail)
    }
    write()
  })
}

export interface StubbornAnswer {
  status: number
  /** The client's socket: ended by the server (FIN) after the answer, or reset, or still open. */
  end: 'fin' | 'reset' | 'open'
  /** Write errors while the client kept sending after the answer. */
  writeErrors: string[]
  sent: number
}

/**
 * The same upload on a raw socket that keeps sending the whole body after the answer, as a browser
 * does that reads the answer only once it has sent everything: the server must read and drop it,
 * never reset the connection under it.
 */
export function stubbornUpload({ url, cookie, fields = {}, file, size }: Omit<Upload, 'chunked' | 'bytesPerSecond'>) {
  const body = multipartOf(fields, file)
  const head = [`POST ${url.pathname}${url.search} HTTP/1.1`, `Host: ${url.host}`, `Origin: ${url.origin}`, `Cookie: ${cookie}`, `Content-Type: ${body.type}`, `Content-Length: ${body.head.length + size + body.tail.length}`]
  return new Promise<StubbornAnswer>((resolve) => {
    // Half-open: the client keeps its own side open after the server's FIN, and keeps sending.
    const socket = net.connect({ port: Number(url.port), host: url.hostname, allowHalfOpen: true })
    let received = ''
    let end: StubbornAnswer['end'] = 'open'
    const writeErrors: string[] = []
    let sent = 0
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')))
    socket.on('end', () => (end = 'fin'))
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNRESET') end = 'reset'
      else writeErrors.push(error.code ?? error.message)
    })
    const done = () => resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1] ?? 0), end, writeErrors, sent })
    socket.on('close', done)
    socket.on('connect', () => {
      socket.write(head.join('\r\n') + '\r\n\r\n')
      socket.write(body.head)
      const write = () => {
        while (sent < size && !socket.destroyed) {
          sent += BLOCK.length
          if (!socket.write(BLOCK)) return void socket.once('drain', write)
        }
        // All sent: the client closes its side, as one that is done.
        if (!socket.destroyed) socket.end(body.tail)
      }
      write()
    })
  })
}
