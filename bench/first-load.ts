// The first load on a school PC (decision 0034): Chromium with its CPU slowed 4× and the network at
// 400 kbps and 400 ms round trip, each page loaded cold (a new browser profile, nothing cached)
// and then warm (the same profile again). For each: the bytes that came over the network (all,
// and JavaScript), first contentful paint and largest contentful paint, each the median of five
// rounds (FIRST_LOAD_ROUNDS).
import { chromium, type BrowserContext } from '@playwright/test'
import { CHROMIUM_ARGS, chromiumPath } from '../e2e/support/browser'

export const SLOW_PC = { cpuSlowdown: 4, kbps: 400, rttMs: 400 }
export type FirstLoad = { page: string; cache: 'cold' | 'warm'; kb: number; jsKb: number; requests: number; fcpMs: number; lcpMs: number; noJsLcpMs: number; lcpDelayMs: number }

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10

/** A "name=value" cookie, as Playwright adds it to a browser for `base`. */
export const browserCookie = (base: string, cookie: string) => ({ name: cookie.slice(0, cookie.indexOf('=')), value: cookie.slice(cookie.indexOf('=') + 1), url: base })

const ROUNDS = Number(process.env.FIRST_LOAD_ROUNDS ?? 5)
type Load = Awaited<ReturnType<typeof loadOnce>>
const middle = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
/** Each figure's median over the loads. */
const medianLoad = (loads: Load[]): Load => ({
  kb: middle(loads.map((l) => l.kb)),
  jsKb: middle(loads.map((l) => l.jsKb)),
  requests: middle(loads.map((l) => l.requests)),
  fcpMs: middle(loads.map((l) => l.fcpMs)),
  lcpMs: middle(loads.map((l) => l.lcpMs)),
})

async function loadOnce(context: BrowserContext, url: string, scripts = true) {
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  // Without JavaScript: the page's script files are refused by the network layer (the measuring
  // script still runs; a context with JavaScript disabled runs no timer or observer of its own, and
  // Playwright's request interception would turn the cache off, so a warm load would not be warm).
  if (!scripts) await cdp.send('Network.setBlockedURLs', { urls: ['*.js'] })
  const bytesPerSecond = (SLOW_PC.kbps * 1000) / 8
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: SLOW_PC.rttMs, downloadThroughput: bytesPerSecond, uploadThroughput: bytesPerSecond })
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOW_PC.cpuSlowdown })
  const types = new Map<string, string>()
  let all = 0
  let js = 0
  let requests = 0
  cdp.on('Network.responseReceived', (e) => types.set(e.requestId, e.type))
  cdp.on('Network.loadingFinished', (e) => {
    requests++
    all += e.encodedDataLength
    if (types.get(e.requestId) === 'Script') js += e.encodedDataLength
  })
  await page.goto(url, { waitUntil: 'load' })
  // Whatever the page still fetches after its load event (a lazy part of the bundle) counts too.
  await page.waitForLoadState('networkidle')
  const paints = await page.evaluate(
    () =>
      new Promise<{ fcp: number; lcp: number }>((resolve) => {
        const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1
        let lcp = -1
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) lcp = entry.startTime
        }).observe({ type: 'largest-contentful-paint', buffered: true })
        setTimeout(() => resolve({ fcp, lcp }), 200)
      }),
  )
  await page.close()
  return { kb: kb(all), jsKb: kb(js), requests, fcpMs: Math.round(paints.fcp), lcpMs: Math.round(paints.lcp) }
}

/**
 * Each page cold, then warm, with JavaScript and again with its script files refused (decision 0055: the
 * HTML is the floor, what scripts add to the largest paint is ours); `cookie` ("name=value") signs
 * the browser in for the pages that need it.
 */
export async function measureFirstLoads(base: string, pages: { name: string; path: string; signedIn: boolean }[], cookie: string) {
  const browser = await chromium.launch({ executablePath: await chromiumPath(), args: CHROMIUM_ARGS })
  const rows: FirstLoad[] = []
  const coldAndWarm = async (p: (typeof pages)[number], scripts: boolean) => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 } })
    if (p.signedIn) await context.addCookies([browserCookie(base, cookie)])
    const cold = await loadOnce(context, base + p.path, scripts)
    const warm = await loadOnce(context, base + p.path, scripts)
    await context.close()
    return { cold, warm }
  }
  // One load's paint moves by 100 ms and more from run to run, with or without scripts alike. So
  // each round loads the page without its scripts and then with them, and the delay scripts add is
  // the median of the rounds' differences; the other figures are medians of the rounds too.
  for (const p of pages) {
    const rounds: { noJs: Awaited<ReturnType<typeof coldAndWarm>>; js: Awaited<ReturnType<typeof coldAndWarm>> }[] = []
    for (let i = 0; i < ROUNDS; i++) rounds.push({ noJs: await coldAndWarm(p, false), js: await coldAndWarm(p, true) })
    for (const cache of ['cold', 'warm'] as const) {
      rows.push({
        page: p.name,
        cache,
        ...medianLoad(rounds.map((r) => r.js[cache])),
        noJsLcpMs: middle(rounds.map((r) => r.noJs[cache].lcpMs)),
        lcpDelayMs: middle(rounds.map((r) => r.js[cache].lcpMs - r.noJs[cache].lcpMs)),
      })
    }
  }
  await browser.close()
  return rows
}
