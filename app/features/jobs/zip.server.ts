import { once } from 'node:events'
import { createWriteStream } from 'node:fs'
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate'

/**
 * A zip written as it is made (fflate's streaming Zip into a file): an entry's bytes go to disk as
 * they come, so a student's thousand posts and two hundred pictures never sit in memory together.
 * Pictures are stored as they are (already compressed); text is deflated.
 */
export async function zipWriter(path: string) {
  const out = createWriteStream(path)
  let failed: Error | null = null
  out.on('error', (e) => (failed = e))
  const zip = new Zip((error, chunk, final) => {
    if (error) failed = error
    else out.write(chunk)
    if (final) out.end()
  })
  // Wait for the disk when its buffer is full: memory stays flat however large the zip grows.
  const drained = async () => {
    if (failed) throw failed
    if (out.writableNeedDrain) await once(out, 'drain')
  }
  const encoder = new TextEncoder()
  return {
    /** An entry written in pieces (a JSON list of many posts): call `write` for each, then `close`. */
    async text(name: string) {
      const entry = new ZipDeflate(name, { level: 6 })
      zip.add(entry)
      return {
        write: async (text: string) => {
          entry.push(encoder.encode(text), false)
          await drained()
        },
        close: async () => {
          entry.push(new Uint8Array(0), true)
          await drained()
        },
      }
    },
    /** A whole file: compressed (`deflate`) or stored as it is. */
    async file(name: string, bytes: Uint8Array, { deflate = false } = {}) {
      const entry = deflate ? new ZipDeflate(name, { level: 6 }) : new ZipPassThrough(name)
      zip.add(entry)
      entry.push(bytes, true)
      await drained()
    },
    async close() {
      zip.end()
      if (!out.writableFinished) await once(out, 'finish')
      if (failed) throw failed
    },
    /** Stops writing (a failure): the partial file is the caller's to remove. */
    abort() {
      zip.terminate()
      out.destroy()
    },
  }
}
export type ZipWriter = Awaited<ReturnType<typeof zipWriter>>
