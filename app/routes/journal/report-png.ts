import sharp from 'sharp'
import type { Route } from './+types/report-png'
import { reportFor } from '~/features/reports/page.server'
import { getInstance } from '~/i18n/middleware.server'

/** The report's chart as a PNG on white (spec 2: each chart saves as a PNG), drawn from the same SVG. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const t = getInstance(context).t
  const report = await reportFor(context, request, params.sid, t)
  if (report.locked) return new Response(null, { status: 403 })
  if (!report.chart) return new Response(null, { status: 404 })
  const png = await sharp(Buffer.from(report.chart.svg), { density: 144 }).flatten({ background: '#ffffff' }).png().toBuffer()
  const name = `${report.journal.name}${report.student ? ` - ${report.student.name}` : ''} - ${t(`report.tab_${report.tab}`)} ${report.range.start}_${report.range.end}.png`
  return new Response(new Uint8Array(png), {
    headers: { 'Content-Type': 'image/png', 'Content-Disposition': `attachment; filename="chart.png"; filename*=UTF-8''${encodeURIComponent(name.replace(/[\\/:*?"<>|]+/g, ' '))}`, 'Cache-Control': 'private, no-store' },
  })
}
