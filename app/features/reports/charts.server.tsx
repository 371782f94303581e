import { Bar, type BarItemProps } from '@nivo/bar'
import { Line, type LineCustomSvgLayerProps, type LineSeries } from '@nivo/line'
import { Pie, type PieCustomLayerProps } from '@nivo/pie'
import { Radar, type GridLabelProps, type RadarCustomLayerProps } from '@nivo/radar'
import type { ReactElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { SVG_FONT_FAMILY } from '~/fonts.server'

/**
 * The report charts, drawn on the server with @nivo as SVG (decision 0018): the page shows them
 * without JavaScript and without shipping the chart library to school PCs. Every point, slice, bar
 * and axis label is an SVG link to the posts behind it; with JavaScript the root's FastLink listener
 * follows it as a client navigation, keeping the scroll position.
 */
// Each at least 4.5:1 against white: the percentages drawn on them are white, the page behind them white.
export const CHART_COLOURS = { positive: '#1f7a4a', negative: '#b8551a', angry: '#b3401a', sad: '#9a5b0c', fear: '#7d5f0f', outer: '#2f5f96', inner: '#7446a3' }
export const CHART_SIZE = { width: 720, height: 380 }
export const THEME = { text: { fontSize: 12, fill: '#333333', fontFamily: SVG_FONT_FAMILY }, grid: { line: { stroke: '#e3e8e6' } } }

export type Href = (pick: string) => string
// Each link is named (its label and figure): a screen reader lists them as the chart's parts.
export const linkProps = (href: string, name?: string) => ({ href, 'data-fast-link': 'keep-scroll', 'aria-label': name })

/**
 * Markup of one chart: just its <svg>, scaling to its box (a viewBox), a named group (not nivo's
 * role="img", which may not hold links); the figures table beside it is the text equivalent.
 */
export function svgOf(chart: ReactElement, label: string, size = CHART_SIZE) {
  const html = renderToStaticMarkup(chart)
  const svg = html.slice(html.indexOf('<svg'), html.lastIndexOf('</svg>') + 6).replace(/^<svg([^>]*?) role="img"/, '<svg$1')
  const escaped = label.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')
  return svg.replace('<svg ', `<svg viewBox="0 0 ${size.width} ${size.height}" role="group" aria-label="${escaped}" `)
}

/**
 * The trend: a line per polarity. A week or month the range cuts short (the current one) has a
 * hollow point and a "*" under it, explained below the chart, so it does not read as a drop.
 */
export function trendChart(rows: { bucket: string; p: number; n: number; partial?: boolean }[], labels: { p: string; n: string; title: string }, href: Href) {
  const partial = new Set(rows.filter((r) => r.partial).map((r) => r.bucket))
  const data: LineSeries[] = [
    { id: 'p', data: rows.map((r) => ({ x: r.bucket, y: r.p })) },
    { id: 'n', data: rows.map((r) => ({ x: r.bucket, y: r.n })) },
  ]
  const LinkedPoints = ({ points }: LineCustomSvgLayerProps<LineSeries>) => (
    <g>
      {points.map((p) => (
        <a key={p.id} {...linkProps(href(`trend:${String(p.data.x)}:${String(p.seriesId)}`), `${p.seriesId === 'p' ? labels.p : labels.n}, ${String(p.data.x)}: ${String(p.data.y)}`)}>
          <circle cx={p.x} cy={p.y} r={6} fill={partial.has(String(p.data.x)) ? '#ffffff' : p.seriesColor} stroke={partial.has(String(p.data.x)) ? p.seriesColor : '#ffffff'} strokeWidth={partial.has(String(p.data.x)) ? 3 : 2} />
        </a>
      ))}
    </g>
  )
  const max = Math.max(1, ...rows.flatMap((r) => [r.p, r.n]))
  return svgOf(
    <Line
      {...CHART_SIZE}
      data={data}
      theme={THEME}
      animate={false}
      isInteractive={false}
      colors={[CHART_COLOURS.positive, CHART_COLOURS.negative]}
      margin={{ top: 40, right: 24, bottom: 70, left: 48 }}
      yScale={{ type: 'linear', min: 0, max }}
      axisLeft={{ tickValues: Math.min(max, 6), format: (v: number) => (Number.isInteger(v) ? String(v) : '') }}
      // Weekly buckets show as MM-DD (the year is in the range above the chart), months as YYYY-MM.
      axisBottom={{ tickRotation: -35, format: (v: string) => `${v.length === 10 ? v.slice(5) : v}${partial.has(v) ? '*' : ''}` }}
      enablePoints={false}
      lineWidth={3}
      legends={[{ anchor: 'top-left', direction: 'row', translateY: -32, itemWidth: 140, itemHeight: 20, data: [{ id: 'p', label: labels.p, color: CHART_COLOURS.positive }, { id: 'n', label: labels.n, color: CHART_COLOURS.negative }] }]}
      layers={['grid', 'axes', 'lines', LinkedPoints, 'legends']}
    />,
    labels.title,
  )
}

export function groupPie(groups: { group: string; count: number; percent: number; label: string }[], title: string, href: Href) {
  const data = groups.filter((g) => g.count > 0).map((g) => ({ id: g.group, label: g.label, value: g.count, percent: g.percent }))
  const colour = (group: string) => (group === 'joy' ? CHART_COLOURS.positive : CHART_COLOURS[group as 'angry' | 'sad' | 'fear'])
  const LinkedArcs = ({ dataWithArc, arcGenerator, centerX, centerY }: PieCustomLayerProps<(typeof data)[number]>) => (
    <g transform={`translate(${centerX},${centerY})`}>
      {dataWithArc.map((d) => (
        <a key={d.id} {...linkProps(href(`group:${d.id}`), `${d.data.label}: ${d.data.percent}%`)}>
          <path d={arcGenerator(d.arc) ?? ''} fill={d.color} stroke="#ffffff" strokeWidth={2} />
        </a>
      ))}
    </g>
  )
  return svgOf(
    <Pie
      {...CHART_SIZE}
      data={data}
      theme={THEME}
      animate={false}
      isInteractive={false}
      colors={(d) => colour(String(d.id))}
      margin={{ top: 30, right: 140, bottom: 30, left: 140 }}
      innerRadius={0.45}
      arcLabel={(d) => `${d.data.percent}%`}
      arcLabelsTextColor="#ffffff"
      arcLinkLabel={(d) => d.data.label}
      layers={[LinkedArcs, 'arcLinkLabels', 'arcLabels']}
    />,
    title,
  )
}

export function emotionBars(emotions: { code: string; label: string; percent: number; type: 'p' | 'n' }[], title: string, href: Href) {
  const data = emotions.map((e) => ({ id: e.code, label: e.label, value: e.percent, type: e.type }))
  const LinkedBar = ({ bar }: BarItemProps<(typeof data)[number]>) => (
    <a {...linkProps(href(`emotion:${bar.data.indexValue}`), `${bar.data.data.label}: ${bar.data.value ?? 0}%`)}>
      <rect x={bar.x} y={bar.y} width={bar.width} height={Math.max(bar.height, 1)} fill={bar.color} rx={2} />
      {bar.data.value ? (
        <text x={bar.x + bar.width / 2} y={bar.y - 4} textAnchor="middle" fontSize={10} fill="#333333" fontFamily={THEME.text.fontFamily}>
          {`${bar.data.value}%`}
        </text>
      ) : null}
    </a>
  )
  return svgOf(
    <Bar
      {...CHART_SIZE}
      data={data}
      keys={['value']}
      indexBy="id"
      theme={THEME}
      animate={false}
      isInteractive={false}
      valueScale={{ type: 'linear', min: 0, max: 100 }}
      padding={0.25}
      colors={(d) => (d.data.type === 'p' ? CHART_COLOURS.positive : CHART_COLOURS.negative)}
      margin={{ top: 20, right: 16, bottom: 90, left: 48 }}
      enableLabel={false}
      barComponent={LinkedBar}
      axisLeft={{ tickValues: [0, 20, 40, 60, 80, 100], format: (v: number) => `${v}%` }}
      axisBottom={{
        tickRotation: -45,
        renderTick: (tick) => (
          <a {...linkProps(href(`emotion:${tick.value}`))} key={String(tick.value)}>
            <text transform={`translate(${tick.x},${tick.y + 12}) rotate(-45)`} textAnchor="end" fontSize={11} fill="#333333" fontFamily={THEME.text.fontFamily}>
              {data.find((d) => d.id === tick.value)?.label}
            </text>
          </a>
        ),
      }}
    />,
    title,
  )
}

/**
 * How many chose each option of a quiz question (decision 0036): one horizontal bar per option, in the
 * quiz's order from the top, the count and share written after the bar. No links: the figures table
 * beside it is the text equivalent.
 */
export function choiceBars(options: { text: string; count: number; percent: number }[], title: string) {
  // Narrower than the report charts: it sits beside its table, and its labels stay readable.
  const size = { width: 480, height: 16 + options.length * 36 }
  // nivo draws a horizontal chart's first datum at the bottom: reversed, the first option is on top.
  const data = options.map((o, i) => ({ id: String(i), label: o.text, value: o.count, percent: o.percent })).reverse()
  const max = Math.max(1, ...options.map((o) => o.count))
  const CountedBar = ({ bar }: BarItemProps<(typeof data)[number]>) => (
    <g>
      <rect x={bar.x} y={bar.y} width={Math.max(bar.width, 1)} height={bar.height} fill={CHART_COLOURS.outer} rx={2} />
      <text x={bar.x + bar.width + 6} y={bar.y + bar.height / 2} dominantBaseline="central" fontSize={12} fill="#333333" fontFamily={THEME.text.fontFamily}>
        {`${bar.data.value ?? 0} (${data.find((d) => d.id === bar.data.indexValue)?.percent ?? 0}%)`}
      </text>
    </g>
  )
  return svgOf(
    <Bar
      {...size}
      data={data}
      keys={['value']}
      indexBy="id"
      layout="horizontal"
      theme={THEME}
      animate={false}
      isInteractive={false}
      valueScale={{ type: 'linear', min: 0, max: max * 1.25 }}
      padding={0.3}
      colors={CHART_COLOURS.outer}
      margin={{ top: 8, right: 16, bottom: 8, left: 140 }}
      enableLabel={false}
      enableGridX={false}
      enableGridY={false}
      barComponent={CountedBar}
      axisBottom={null}
      axisLeft={{
        renderTick: (tick) => (
          <text key={String(tick.value)} x={tick.x - 8} y={tick.y} textAnchor="end" dominantBaseline="central" fontSize={13} fill="#333333" fontFamily={THEME.text.fontFamily}>
            {data.find((d) => d.id === tick.value)?.label}
          </text>
        ),
      }}
    />,
    title,
    size,
  )
}

/** The ten behaviours on one web; each label in its side's colour (outer or inner), as in the legend. */
export function behaviourRadar(behaviours: { code: number; label: string; side: 'outer' | 'inner'; count: number }[], labels: { outer: string; inner: string; title: string }, href: Href) {
  const data = behaviours.map((b) => ({ id: String(b.code), label: b.label, side: b.side, count: b.count }))
  const GridLabel = ({ id, anchor, x, y }: GridLabelProps) => {
    const d = data.find((b) => b.id === id)
    return (
      <a {...linkProps(href(`behaviour:${id}`), `${d?.label ?? id}: ${d?.count ?? 0}`)}>
        <text x={x} y={y} textAnchor={anchor} dominantBaseline="central" fontSize={12} fontWeight={600} fill={d?.side === 'inner' ? CHART_COLOURS.inner : CHART_COLOURS.outer} fontFamily={THEME.text.fontFamily}>
          {d?.label}
        </text>
      </a>
    )
  }
  // A scale: whole-number rings (at most five), each labelled with its count along the upward axis.
  const top = Math.max(1, ...data.map((b) => b.count))
  const step = Math.max(1, Math.ceil(top / 5))
  const levels = Math.ceil(top / step)
  const Scale = ({ centerX, centerY, radiusScale }: RadarCustomLayerProps<(typeof data)[number]>) => (
    <g transform={`translate(${centerX},${centerY})`}>
      {Array.from({ length: levels }, (_, i) => (i + 1) * step).map((v) => (
        <text key={v} x={4} y={-radiusScale(v)} dominantBaseline="central" fontSize={10} fill="#333333" fontFamily={THEME.text.fontFamily}>
          {v}
        </text>
      ))}
    </g>
  )
  return svgOf(
    <Radar
      {...CHART_SIZE}
      data={data}
      keys={['count']}
      maxValue={levels * step}
      gridLevels={levels}
      indexBy="id"
      theme={THEME}
      animate={false}
      isInteractive={false}
      colors={[CHART_COLOURS.positive]}
      margin={{ top: 40, right: 120, bottom: 30, left: 120 }}
      fillOpacity={0.3}
      gridLabel={GridLabel}
      gridLabelOffset={14}
      dotSize={7}
      layers={['grid', 'layers', 'slices', 'dots', Scale, 'legends']}
      legends={[
        {
          anchor: 'top-left',
          direction: 'column',
          translateX: -100,
          translateY: -30,
          itemWidth: 100,
          itemHeight: 20,
          data: [
            { id: 'outer', label: labels.outer, color: CHART_COLOURS.outer },
            { id: 'inner', label: labels.inner, color: CHART_COLOURS.inner },
          ],
        },
      ]}
    />,
    labels.title,
  )
}
