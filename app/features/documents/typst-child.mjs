// The Typst compiler's own process (decision 0054). Plain JavaScript that Node runs as it is, in
// development and in the built app alike: it imports nothing of the app. The parent
// (typst.server.ts) sends one compile at a time and ends this process when it has grown: the
// compiler's native caches keep every picture it decoded, and evicting them leaks more.
import { Buffer } from 'node:buffer'
import { createRequire } from 'node:module'
import process from 'node:process'

const require = createRequire(import.meta.url)
const { NodeCompiler } = require('@myriaddreamin/typst-ts-node-compiler')
const { workspace, fontDirs } = JSON.parse(process.argv[2])
const compiler = NodeCompiler.create({ workspace, fontArgs: [{ fontPaths: fontDirs }] })

process.on('message', ({ id, format, markup, files }) => {
  for (const [path, bytes] of files) compiler.mapShadow(`${workspace}${path}`, Buffer.from(bytes))
  let answer
  try {
    const args = { mainFileContent: markup }
    answer = { id, ok: true, result: format === 'svg' ? compiler.plainSvg(args) : new Uint8Array(compiler.pdf(args)) }
  } catch (error) {
    answer = { id, ok: false, error: error instanceof Error ? error.message : String(error) }
  } finally {
    for (const [path] of files) compiler.unmapShadow(`${workspace}${path}`)
  }
  process.send({ ...answer, rssMb: process.memoryUsage.rss() / 2 ** 20, peakMb: process.resourceUsage().maxRSS / 1024 })
})
// The parent went away: so does this process.
process.on('disconnect', () => process.exit(0))
