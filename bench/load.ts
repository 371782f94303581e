// One load of a page with autocannon, as the bench measures every page: requests per second and
// p50/p95/p99 latency of the answers that were 200. Several URLs share the connections in turn
// (autocannon's own spreading): several app processes behind no proxy.
import autocannon from 'autocannon'

export const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]

export type Load = { rps: number; p50: number; p95: number; p99: number; non2xx: number; errors: number }

export async function load(url: string | string[], connections: number, headers: Record<string, string>, duration: number): Promise<Load> {
  const latencies: number[] = []
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    // autocannon takes a list of URLs too (its types know only one).
    const instance = autocannon({ url: url as string, connections, duration, headers: { 'Accept-Encoding': 'gzip', ...headers } }, (err, res) => (err ? reject(err) : resolve(res)))
    // autocannon reports p97.5 but not p95: percentiles come from every response time instead.
    instance.on('response', (_client, status, _bytes, ms) => {
      if (status === 200) latencies.push(ms)
    })
  })
  latencies.sort((a, b) => a - b)
  return {
    rps: Math.round((latencies.length / duration) * 10) / 10,
    p50: pct(latencies, 50),
    p95: pct(latencies, 95),
    p99: pct(latencies, 99),
    non2xx: result.non2xx,
    errors: result.errors,
  }
}

export const median = <T,>(xs: T[], by: (x: T) => number) => [...xs].sort((a, b) => by(a) - by(b))[Math.floor(xs.length / 2)]
