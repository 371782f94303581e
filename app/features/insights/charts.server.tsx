import { Bar, type BarCustomLayerProps, type BarItemProps } from '@nivo/bar'
import { Line, type LineSeries } from '@nivo/line'
import { CHART_COLOURS, svgOf, THEME, type Href } from '~/features/reports/charts.server'

/**
 * The Feedback and Patterns charts, drawn on the server with @nivo as SVG like the report's
 * (decision 0018): no chart library reaches the school PC, the page works without JavaScript, and a
 * table beside each chart holds the same figures for screen readers.
 */
const GREY = '#8a9691'
// A bar or label opens the posts behind it further up the page (#picked): the page scrolls there.
const linkProps = (href: string, name?: string) => ({ href, 'data-fast-link': '', 'aria-label': name })

/** Posts written and posts answered per school week: a small chart beside the Feedback table. */
export function weeklyChart(weeks: { week: string; partial: boolean; posts: number; answered: number }[], labels: { posts: string; answered: string; title: string }) {
  const size = { width: 360, height: 220 }
  // A week the period cuts short (this week so far) is marked "*", as the report marks one.
  const x = (w: { week: string; partial: boolean }) => `${w.week.slice(5)}${w.partial ? '*' : ''}`
  const data: LineSeries[] = [
    { id: 'posts', data: weeks.map((w) => ({ x: x(w), y: w.posts })) },
    { id: 'answered', data: weeks.map((w) => ({ x: x(w), y: w.answered })) },
  ]
  const max = Math.max(1, ...weeks.map((w) => w.posts))
  return svgOf(
    <Line
      {...size}
      data={data}
      theme={THEME}
      animate={false}
      isInteractive={false}
      colors={[CHART_COLOURS.outer, CHART_COLOURS.positive]}
      margin={{ top: 34, right: 14, bottom: 44, left: 36 }}
      yScale={{ type: 'linear', min: 0, max }}
      axisLeft={{ tickValues: Math.min(max, 4), format: (v: number) => (Number.isInteger(v) ? String(v) : '') }}
      axisBottom={{ tickRotation: -35 }}
      pointSize={6}
      lineWidth={2}
      legends={[
        {
          anchor: 'top-left',
          direction: 'row',
          translateY: -30,
          itemWidth: 120,
          itemHeight: 18,
          data: [
            { id: 'posts', label: labels.posts, color: CHART_COLOURS.outer },
            { id: 'answered', label: labels.answered, color: CHART_COLOURS.positive },
          ],
        },
      ]}
    />,
    labels.title,
    size,
  )
}

/**
 * Each topic's share of posts with a negative feeling, as horizontal bars, with the class's share
 * as a dashed line across them. A topic with too few posts to tell is drawn grey. Every bar and
 * label links to the posts behind it.
 */
export function topicBars(topics: { topic: string; label: string; percent: number; posts: number; few: boolean }[], overall: { percent: number; label: string }, title: string, href: Href) {
  const size = { width: 640, height: 40 + topics.length * 30 }
  // nivo draws a horizontal chart's first datum at the bottom: reversed, the first topic is on top.
  const data = topics.map((t) => ({ id: t.topic, label: t.label, value: t.percent, posts: t.posts, few: t.few ? 1 : 0 })).reverse()
  const LinkedBar = ({ bar }: BarItemProps<(typeof data)[number]>) => {
    const d = bar.data.data
    const value = bar.data.value ?? 0
    return (
      <a {...linkProps(href(`topic:${d.id}`), `${d.label}: ${value}% (${d.posts})`)}>
        <rect x={bar.x} y={bar.y} width={Math.max(bar.width, 1)} height={bar.height} fill={d.few ? GREY : CHART_COLOURS.negative} rx={2} />
        <text x={bar.x + bar.width + 6} y={bar.y + bar.height / 2} dominantBaseline="central" fontSize={12} fill="#333333" fontFamily={THEME.text.fontFamily}>
          {`${value}% (${d.posts})`}
        </text>
      </a>
    )
  }
  const ClassLine = ({ xScale, innerHeight }: BarCustomLayerProps<(typeof data)[number]>) => {
    const x = (xScale as unknown as (v: number) => number)(overall.percent)
    return (
      <g>
        <line x1={x} x2={x} y1={-6} y2={innerHeight} stroke="#333333" strokeWidth={2} strokeDasharray="5 4" />
        <text x={x} y={-12} textAnchor="middle" fontSize={11} fill="#333333" fontFamily={THEME.text.fontFamily}>
          {`${overall.label} ${overall.percent}%`}
        </text>
      </g>
    )
  }
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
      valueScale={{ type: 'linear', min: 0, max: 118 }}
      padding={0.3}
      margin={{ top: 28, right: 16, bottom: 8, left: 190 }}
      enableLabel={false}
      enableGridX={false}
      enableGridY={false}
      barComponent={LinkedBar}
      axisBottom={null}
      axisLeft={{
        renderTick: (tick) => (
          <a {...linkProps(href(`topic:${tick.value}`))} key={String(tick.value)}>
            <text x={tick.x - 8} y={tick.y} textAnchor="end" dominantBaseline="central" fontSize={12} fill="#333333" fontFamily={THEME.text.fontFamily}>
              {data.find((d) => d.id === tick.value)?.label}
            </text>
          </a>
        ),
      }}
      layers={['grid', 'axes', 'bars', ClassLine]}
    />,
    title,
    size,
  )
}
