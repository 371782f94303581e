import { loadSharp } from '~/sharp.server'
import { FONT_FAMILY } from '~/fonts.server'
import type { Route } from './+types/report-png'
import { journalOf } from '~/auth/journal-gate.server'
import { reportFor } from '~/features/reports/page.server'
import { getInstance } from '~/i18n/middleware.server'

/** The report's chart as a PNG on white (spec 2: each chart saves as a PNG), drawn from the same SVG. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const t = getInstance(context).t
  const report = await reportFor(journalOf(context), request, params.sid, t)
  if (report.locked) return new Response(null, { status: 403 })
  if (!report.chart) return new Response(null, { status: 404 })
  const heading = `${report.journal.name}${report.student ? ` - ${report.student.name}` : ''} - ${t(`report.tab_${report.tab}`)}`
  const png = await chartWithHeading(report.chart.svg, heading, t('report.showing', { start: report.range.start, end: report.range.end }))
  const name = `${heading} ${report.range.start}_${report.range.end}.png`
  return new Response(new Uint8Array(png), {
    headers: { 'Content-Type': 'image/png', 'Content-Disposition': `attachment; filename="chart.png"; filename*=UTF-8''${encodeURIComponent(name.replace(/[\\/:*?"<>|]+/g, ' '))}`, 'Cache-Control': 'private, no-store' },
  })
}

const escapeMarkup = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/**
 * The chart as a PNG on white, headed by what it shows (journal, student, chart) and its date
 * range: a saved picture read later, or pasted into a report, still says what it is.
 */
async function chartWithHeading(svg: string, heading: string, range: string) {
  const sharp = await loadSharp()
  const chart = await sharp(Buffer.from(svg), { density: 144 }).flatten({ background: '#ffffff' }).png().toBuffer({ resolveWithObject: true })
  const margin = 24
  const text = await sharp({ text: { text: `<span weight="bold" size="x-large">${escapeMarkup(heading)}</span>\n<span foreground="#555555">${escapeMarkup(range)}</span>`, font: `${FONT_FAMILY.tc} 22`, width: chart.info.width - 2 * margin, dpi: 72, rgba: true } })
    .png()
    .toBuffer({ resolveWithObject: true })
  return sharp({ create: { width: chart.info.width, height: chart.info.height + text.info.height + 2 * margin, channels: 3, background: '#ffffff' } })
    .composite([
      { input: text.data, left: margin, top: margin },
      { input: chart.data, left: 0, top: text.info.height + 2 * margin },
    ])
    .png()
    .toBuffer()
}
