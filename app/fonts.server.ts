import { createHash } from 'node:crypto'
import { mkdirSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'

/**
 * The fonts the server draws text with travel with the app (decision 0026): Noto Sans in
 * Traditional Chinese, Japanese and Latin from npm packages. Pango (sharp's text input) and
 * librsvg (SVG charts to PNG) find fonts through fontconfig, so the app writes a fontconfig file
 * of its own that lists these folders first and includes the system's configuration only as a
 * fallback, and points FONTCONFIG_FILE at it. Importing this module does that; it must happen
 * before the first text is drawn, since fontconfig reads its configuration once per process.
 * The PDF renderer (Typst) takes FONT_DIRS directly.
 */
const require = createRequire(import.meta.url)
// The packages export only their JavaScript (in dist/); the font files sit beside it in fonts/.
const packageFonts = (name: string) => path.join(path.dirname(require.resolve(name)), '..', 'fonts')

export const FONT_DIRS = ['@embedpdf/fonts-tc', '@embedpdf/fonts-jp', '@embedpdf/fonts-latin'].map(packageFonts)

/**
 * Pango family lists: the packaged face first, Debian's Noto CJK after it. Han characters take the
 * regional shapes of the chosen face, so Japanese text must be drawn with the Japanese one.
 */
export const FONT_FAMILY = {
  tc: 'Noto Sans T Chinese,Noto Sans CJK TC,Noto Sans',
  ja: 'Noto Sans Japanese,Noto Sans CJK JP,Noto Sans',
} as const

/** For SVG (CSS font-family syntax), where the same names are quoted. */
export const SVG_FONT_FAMILY = "'Noto Sans T Chinese', 'Noto Sans CJK TC', 'Noto Sans', sans-serif"

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

function fontconfigFile() {
  const dirs = FONT_DIRS.map((d) => `  <dir>${escapeXml(d)}</dir>`).join('\n')
  // One folder per installation, so two checkouts on one machine do not share a cache or a file.
  const folder = path.join(os.tmpdir(), `school-console-fonts-${createHash('sha1').update(FONT_DIRS.join('\n')).digest('hex').slice(0, 12)}`)
  mkdirSync(path.join(folder, 'cache'), { recursive: true })
  const file = path.join(folder, 'fonts.conf')
  writeFileSync(
    file,
    `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
<fontconfig>
${dirs}
  <cachedir>${escapeXml(path.join(folder, 'cache'))}</cachedir>
  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>
</fontconfig>
`,
  )
  return file
}

process.env.FONTCONFIG_FILE = fontconfigFile()
