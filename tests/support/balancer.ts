import http from 'node:http'
import { once } from 'node:events'
import { freePort } from './ports'

/** An app process behind the balancer: its name (in the X-Served-By answer header) and port. */
export interface Backend {
  name: string
  port: number
}

/**
 * A small load balancer in front of several app processes, as a deployment puts one before N
 * stateless processes: each request goes to the next live process in turn (round robin), with the
 * Host it was sent to and X-Forwarded-For / -Proto (the app runs with TRUST_PROXY=1). A process that
 * refuses the connection is taken out (a passive health check) and the request goes to the next one:
 * the body is read whole first (forms and small uploads), so a refused request can be sent again
 * even when it is a POST (a refused connection means the process never saw it). An answer cut off
 * by a process that died while it answered is a 502. The answer carries
 * X-Served-By: the process that served it, for tests that must know.
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

  const forward = (b: Backend, req: http.IncomingMessage, body: Buffer) =>
    new Promise<http.IncomingMessage>((resolve, reject) => {
      const address = req.socket.remoteAddress ?? '127.0.0.1'
      const headers = { ...req.headers }
      delete headers['transfer-encoding']
      headers['x-forwarded-for'] = headers['x-forwarded-for'] ? `${headers['x-forwarded-for']}, ${address}` : address
      headers['x-forwarded-proto'] = 'http'
      if (body.length || headers['content-length']) headers['content-length'] = String(body.length)
      // A new connection each time: a kept-alive one that the process closed meanwhile would look like a dead process.
      const out = http.request({ host: '127.0.0.1', port: b.port, method: req.method, path: req.url, headers, agent: false }, resolve)
      out.on('error', reject)
      out.end(body)
    })

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const body = Buffer.concat(chunks)
    for (let b = pick(); b; b = pick()) {
      let answer: http.IncomingMessage
      try {
        answer = await forward(b, req, body)
      } catch (error) {
        // Refused: the process is gone and never saw the request. Out of the pool, next one.
        if ((error as NodeJS.ErrnoException).code === 'ECONNREFUSED') {
          live.delete(b.name)
          continue
        }
        // Cut off while it answered: the client gets 502, as from any load balancer.
        res.writeHead(502, { 'content-type': 'text/plain' }).end(`${b.name} failed: ${(error as Error).message}`)
        return
      }
      const headers: http.OutgoingHttpHeaders = { ...answer.headers, 'x-served-by': b.name }
      // Hop-by-hop: between the balancer and the process only.
      delete headers.connection
      delete headers['keep-alive']
      res.writeHead(answer.statusCode ?? 502, headers)
      answer.pipe(res)
      return
    }
    res.writeHead(502, { 'content-type': 'text/plain' }).end('no app process answers')
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
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}
