import { createServer, type Server } from 'node:net'

/**
 * Ports nothing listens on, chosen by the system from its ephemeral range (held open together, so
 * they differ). Never a random pick from a fixed range: browsers refuse some ports outright
 * (Chromium's "unsafe" list: 6566, 6665–6669, 6697, …), and a test server landing on one fails
 * every page it serves.
 */
export async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from({ length: count }, () =>
      new Promise<Server>((resolve, reject) => {
        const srv = createServer()
        srv.on('error', reject)
        srv.listen(0, '127.0.0.1', () => resolve(srv))
      }),
    ),
  )
  const ports = servers.map((srv) => (srv.address() as { port: number }).port)
  await Promise.all(servers.map((srv) => new Promise((resolve) => srv.close(resolve))))
  return ports
}

export async function freePort(): Promise<number> {
  return (await freePorts(1))[0]
}
