import http from 'node:http'
import { once } from 'node:events'
import { Readable } from 'node:stream'
import { createProxyServer } from 'http-proxy-3'
import { freePort } from './ports'

/** An app process behind the balancer: its name (in the X-Served-By answer header) and port. */
export interface Backend {
  name: string
  port: number
}

/**
 * A small load balancer in front of several app processes, as a deployment puts one before N
 * stateless processes: http-proxy-3 forwards each request to the next live process in turn (round
 * robin), with the Host it was sent to and X-Forwarded-For / -Proto (the app runs with
 * TRUST_PROXY=1). A process that refuses the connection is taken out (a passive health check) and
 * the request goes to the next one: the body is read whole first (forms and small uploads), so a
 * refused request can be sent again even when it is a POST (a refused connection means the process
 * never saw it). An answer cut off by a process that died while it answered is a 502. The answer
 * carries X-Served-By: the process that served it, for tests that must know.
 */
export async function startBalancer() {
  const backends: Backend[] = []
  const live = new Set<string>()
  let next = 0
  const pick = () => {
    for (let i = 0; i < backends.length; i++) {
      const b = backends[(next + i) % backends.length]
      if (live.has(b.name)) {
        next = (next + i + 1) % backends.length
        return b
      }
    }
    return undefined
  }

  // A new connection each time (no agent): a kept-alive one that the process closed meanwhile would look like a dead process.
  const proxy = createProxyServer({ xfwd: true, agent: false })
  const servedBy = new WeakMap<http.IncomingMessage, string>()
  proxy.on('proxyRes', (_answer, req, res) => res.setHeader('x-served-by', servedBy.get(req) ?? ''))

  const send = (req: http.IncomingMessage, res: http.ServerResponse, body: Buffer) => {
    const b = pick()
    if (!b) {
      res.writeHead(502, { 'content-type': 'text/plain' }).end('no app process answers')
      return
    }
    servedBy.set(req, b.name)
    proxy.web(req, res, { target: `http://127.0.0.1:${b.port}`, buffer: Readable.from([body]) }, (error) => {
      // Refused: the process is gone and never saw the request. Out of the pool, next one.
      if ((error as NodeJS.ErrnoException).code === 'ECONNREFUSED') {
        live.delete(b.name)
        send(req, res, body)
        return
      }
      // Cut off while it answered: the client gets 502, as from any load balancer.
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' })
      res.end(`${b.name} failed: ${error.message}`)
    })
  }

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    send(req, res, Buffer.concat(chunks))
  })
  const port = await freePort()
  server.listen(port, '127.0.0.1')
  await once(server, 'listening')
  return {
    // 127.0.0.1, not localhost: a client trying ::1 first would find nothing there.
    url: `http://127.0.0.1:${port}`,
    /** A process joins the pool (the processes learn the balancer's address first: PUBLIC_URL). */
    add(backend: Backend) {
      backends.push(backend)
      live.add(backend.name)
    },
    /** The processes still in the pool. */
    live: () => backends.filter((b) => live.has(b.name)).map((b) => b.name),
    async close() {
      proxy.close()
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}
