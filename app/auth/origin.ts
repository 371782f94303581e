/**
 * A state-changing request must come from our own pages: its Origin (or, without one, the browser's
 * Sec-Fetch-Site) has to match the host it was sent to.
 */
export function isCrossOriginWrite(method: string, headers: { origin?: string; host?: string; secFetchSite?: string }) {
  if (['GET', 'HEAD', 'OPTIONS'].includes(method.toUpperCase())) return false
  if (headers.origin && headers.origin !== 'null') {
    try {
      return new URL(headers.origin).host !== headers.host
    } catch {
      return true
    }
  }
  if (headers.origin === 'null') return true
  return headers.secFetchSite === 'cross-site'
}
