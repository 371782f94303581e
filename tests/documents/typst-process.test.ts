import { describe, expect, it } from 'vitest'
import { typstPdf, typstProcessPid, typstSvg } from '~/features/documents/typst.server'

// Typst compiles in a process of its own (decision 0054): these check that the server's side copes
// with what that process does, on the real compiler.
const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

describe('the Typst process', () => {
  it('compiles one after another, in order, however many wait', async () => {
    const svgs = await Promise.all([1, 2, 3, 4].map((n) => typstSvg(`#set page(width: 40pt, height: 20pt)\n#"${n}"`)))
    expect(svgs.every((svg) => svg.startsWith('<svg'))).toBe(true)
    const pdf = await typstPdf('= Hello')
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-')
  })

  it('a document Typst refuses is an error for that call only; the next compile is served', async () => {
    await expect(typstPdf('#image("/missing.png")')).rejects.toThrow(/Typst/)
    expect((await typstPdf('fine')).subarray(0, 5).toString()).toBe('%PDF-')
  })

  it('the pictures a document reads are given with it, by path', async () => {
    // A 1 × 1 PNG.
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64')
    const svg = await typstSvg('#set page(width: 20pt, height: 20pt)\n#image("/dot.png", width: 10pt)', new Map([['/dot.png', png]]))
    expect(svg).toContain('data:image/png')
    // Not kept for the next document: it reads only what it is given.
    await expect(typstSvg('#image("/dot.png", width: 10pt)')).rejects.toThrow(/Typst/)
  })

  it('a process that dies during a compile fails that compile; the next one starts a new process', async () => {
    await typstPdf('warm')
    const pid = typstProcessPid()!
    expect(alive(pid)).toBe(true)
    // A long document, and the process killed while it compiles (as the kernel's OOM killer would).
    const long = typstPdf(Array.from({ length: 400 }, (_, i) => `= Part ${i}\n#lorem(400)`).join('\n'))
    setTimeout(() => process.kill(pid, 'SIGKILL'), 50)
    await expect(long).rejects.toThrow(/ended during a compile/)
    expect((await typstPdf('again')).subarray(0, 5).toString()).toBe('%PDF-')
    expect(typstProcessPid()).not.toBe(pid)
  })
})
