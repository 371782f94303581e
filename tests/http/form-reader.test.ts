import { isRouteErrorResponse } from 'react-router'
import { describe, expect, it } from 'vitest'
import { FORM_LIMITS, readForm, readUpload, TOO_LARGE } from '~/http/form.server'

const post = (body: BodyInit | ReadableStream, contentType?: string, headers: Record<string, string> = {}) =>
  new Request('http://console.test/x', { method: 'POST', body, headers: { ...(contentType ? { 'Content-Type': contentType } : {}), ...headers }, duplex: 'half' } as RequestInit)

async function statusOf(promise: Promise<unknown>) {
  try {
    await promise
    return 200
  } catch (error) {
    if (isRouteErrorResponse(error)) return error.status
    const init = (error as { init?: { status?: number } }).init
    if (init?.status) return init.status
    throw error
  }
}

/** An endless body, as a chunked upload that never stops; counts what was pulled from it. */
function endless() {
  const pulled = { bytes: 0 }
  const chunk = new Uint8Array(64 * 1024).fill(0x61)
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        pulled.bytes += chunk.length
        controller.enqueue(chunk)
      },
    },
    // Nothing is pulled before a reader asks.
    { highWaterMark: 0 },
  )
  return { stream, pulled }
}

function multipart(parts: { name: string; value: string; filename?: string }[], boundary = 'b0undary') {
  const body = parts
    .map((p) => `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ''}\r\n${p.filename ? 'Content-Type: text/csv\r\n' : ''}\r\n${p.value}\r\n`)
    .join('')
  return { body: `${body}--${boundary}--\r\n`, type: `multipart/form-data; boundary=${boundary}` }
}

describe('the form reader', () => {
  it('reads URL-encoded and multipart forms, files only where the page takes them', async () => {
    const form = await readForm(post('intent=comment&text=%E4%BD%A0%E5%A5%BD', 'application/x-www-form-urlencoded'))
    expect(Object.fromEntries(form)).toEqual({ intent: 'comment', text: '你好' })
    const upload = multipart([{ name: 'intent', value: 'upload' }, { name: 'file', value: 'a,b', filename: 'list.csv' }])
    const withFile = (await readUpload(post(upload.body, upload.type))) as FormData
    expect(withFile.get('intent')).toBe('upload')
    expect(await (withFile.get('file') as File).text()).toBe('a,b')
    // A file sent to a form without one is refused, not read.
    expect(await statusOf(readForm(post(upload.body, upload.type)))).toBe(413)
  })

  it('answers 400 to a body that is not a form', async () => {
    const cases: [string, string | undefined][] = [
      ['{"intent":"x"}', 'application/json'],
      ['intent=x', 'text/plain'],
      ['intent=x', undefined],
      ['--b\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--b--\r\n', 'multipart/form-data'],
      ['--b\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--b--\r\n', 'multipart/form-data; boundary=other'],
      ['--b\r\nContent-Disposition: form-data; name="a"\r\n\r\n1', 'multipart/form-data; boundary=b'],
    ]
    for (const [body, type] of cases) expect(await statusOf(readForm(post(body, type))), `${type}: ${body}`).toBe(400)
  })

  it('stops reading an endless body at the limit and answers 413', async () => {
    const urlencoded = endless()
    expect(await statusOf(readForm(post(urlencoded.stream, 'application/x-www-form-urlencoded')))).toBe(413)
    expect(urlencoded.pulled.bytes).toBeLessThan(FORM_LIMITS.fieldBytes + 512 * 1024)

    const multi = endless()
    const head = new TextEncoder().encode('--b\r\nContent-Disposition: form-data; name="file"; filename="big.csv"\r\n\r\n')
    const body = new ReadableStream<Uint8Array>({
      start: (c) => c.enqueue(head),
      pull: async (c) => {
        const reader = multi.stream.getReader()
        const { value } = await reader.read()
        reader.releaseLock()
        c.enqueue(value!)
      },
    })
    // A page with a file field answers with its own form: the reader says the body is too large.
    expect(await readUpload(post(body, 'multipart/form-data; boundary=b'))).toBe(TOO_LARGE)
    expect(multi.pulled.bytes).toBeLessThan(FORM_LIMITS.fieldBytes + FORM_LIMITS.fileBytes + 512 * 1024)
  })

  it('refuses a declared length over the limits before reading a byte', async () => {
    const fifty = String(50 * 1024 * 1024)
    const upload = endless()
    expect(await readUpload(post(upload.stream, 'multipart/form-data; boundary=b', { 'Content-Length': fifty }))).toBe(TOO_LARGE)
    const form = endless()
    expect(await statusOf(readForm(post(form.stream, 'application/x-www-form-urlencoded', { 'Content-Length': fifty })))).toBe(413)
    expect([upload.pulled.bytes, form.pulled.bytes]).toEqual([0, 0])
    // Within the limits with room for a multipart body's boundaries, the body is read.
    const small = multipart([{ name: 'intent', value: 'upload' }])
    const declared = String(FORM_LIMITS.fieldBytes + FORM_LIMITS.fileBytes + 1000)
    expect(((await readUpload(post(small.body, small.type, { 'Content-Length': declared }))) as FormData).get('intent')).toBe('upload')
  })
})
