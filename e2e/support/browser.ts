// Which Chromium the browser tests drive (decision 0026): CHROMIUM_PATH if set; on Linux x64 the
// build inside the @sparticuz/chromium npm package (unpacked to the temporary folder on first
// use), so `npm install` is the whole set-up; elsewhere Playwright's own browser
// (`npx playwright install chromium`, as Playwright's documentation says).
import os from 'node:os'

export async function chromiumPath(): Promise<string | undefined> {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH
  if (os.platform() !== 'linux' || os.arch() !== 'x64') return undefined
  const { default: chromium } = await import('@sparticuz/chromium')
  return chromium.executablePath()
}

/** The flags a headless run on a closed network needs; not the package's own, which are for AWS Lambda (one process, no web security). */
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic']
