import { execFileSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import i18next from 'i18next'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { imageFileName, renderPostImage } from '~/features/posts/post-image.server'
import { FONT_DIRS, FONT_FAMILY } from '~/fonts.server'
import { resources } from '~/i18n/resources'

const t = (() => {
  const i = i18next.createInstance()
  void i.init({ lng: 'ja', resources, fallbackLng: 'en', interpolation: { escapeValue: false }, initAsync: false })
  return i.t
})()
const post = {
  title: 'ひとりでお昼ごはん',
  author: '山田花子',
  diaryDate: '2026-11-20',
  location: '教室',
  happenTime: null,
  frames: [
    { id: 1, type: 'event', message: '友だちが昼ごはんのときに一緒に座ってくれなかった。', imgUrl: '/pictures/x' },
    { id: 2, type: 'emotion', message: '' },
    { id: 3, type: 'behavior', message: '理由を聞いた。' },
  ],
  emotions: ['B'],
  behaviours: [6],
}

describe('post image', () => {
  it('renders both layouts on white with a 10 px margin, the picture inside the event panel', async () => {
    const picture = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#ff0000' } }).png().toBuffer()
    const [bamboo, block] = await Promise.all(['0', '2'].map((c) => renderPostImage(post, c as '0' | '2', t, async () => picture)))
    const [b, k] = await Promise.all([sharp(bamboo).metadata(), sharp(block).metadata()])
    expect([b.format, b.width, k.width]).toEqual(['png', 740, 740])
    expect(b.height).toBeGreaterThan(k.height!)
    for (const png of [bamboo, block]) {
      const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true })
      const at = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)]
      for (let x = 0; x < info.width; x++) for (const y of [0, 9, info.height - 1]) expect(at(x, y)).toEqual([255, 255, 255])
      // The picture's red shows somewhere.
      let red = 0
      for (let i = 0; i < data.length; i += info.channels) if (data[i] > 240 && data[i + 1] < 20 && data[i + 2] < 20) red++
      expect(red).toBeGreaterThan(300 * 200)
    }
  })
  it('draws Chinese and Japanese glyphs with the fonts the app carries, not empty boxes', () => {
    const draw = `const sharp = (await import('sharp')).default
      const [text, font, fontfile] = process.argv.slice(1)
      const { data } = await sharp({ text: { text, font, fontfile: fontfile || undefined, dpi: 72 } }).raw().toBuffer({ resolveWithObject: true })
      process.stdout.write(data.toString('base64'))`
    // Each drawing in a process of its own: fontconfig reads its configuration once per process.
    const dir = mkdtempSync(path.join(os.tmpdir(), 'latin-only-'))
    const latinOnly = path.join(dir, 'fonts.conf')
    writeFileSync(latinOnly, `<?xml version="1.0"?><fontconfig><dir>${FONT_DIRS[2]}</dir><cachedir>${dir}</cachedir></fontconfig>`)
    const run = (fontconfig: string, text: string, family: string, fontfile = '') =>
      Buffer.from(execFileSync(process.execPath, ['--input-type=module', '-e', draw, text, `${family} 24`, fontfile], { env: { ...process.env, FONTCONFIG_FILE: fontconfig } }).toString(), 'base64')
    const app = process.env.FONTCONFIG_FILE!
    const cases = [
      { text: '今天和朋友一起吃午餐', family: FONT_FAMILY.tc, name: 'Noto Sans T Chinese', file: path.join(FONT_DIRS[0], 'NotoSansHant-Regular.otf') },
      { text: 'ひとりでお昼ごはん', family: FONT_FAMILY.ja, name: 'Noto Sans Japanese', file: path.join(FONT_DIRS[1], 'NotoSansJP-Regular.otf') },
    ]
    for (const c of cases) {
      const drawn = run(app, c.text, c.family)
      // Not what a machine without CJK fonts draws (boxes) ...
      expect(drawn.equals(run(latinOnly, c.text, c.family))).toBe(false)
      // ... but the packaged face itself: the same as naming its file outright.
      expect(drawn.equals(run(latinOnly, c.text, c.name, c.file))).toBe(true)
    }
    // Han characters shared by both languages take each language's shapes.
    expect(run(app, '今日直骨', FONT_FAMILY.tc).equals(run(app, '今日直骨', FONT_FAMILY.ja))).toBe(false)
  })
  it('is named from the title and diary date, without characters file systems refuse', () => {
    expect(imageFileName({ title: 'a/b: "c"?', diaryDate: '2026-11-20' })).toBe('a b c_2026-11-20.png')
  })
})
