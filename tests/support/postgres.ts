import { execFileSync } from 'node:child_process'
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import os from 'node:os'
import path from 'node:path'

/** A throwaway PostgreSQL cluster in a temporary folder, for tests and the bench. */
export interface PgCluster {
  url: string
  stop(): void
}

function binDir() {
  const root = '/usr/lib/postgresql'
  if (!existsSync(root)) throw new Error('PostgreSQL is not installed (apt-get install -y postgresql)')
  const version = readdirSync(root).sort((a, b) => Number(b) - Number(a))[0]
  return path.join(root, version, 'bin')
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer()
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number }
      srv.close(() => resolve(port))
    })
    srv.on('error', reject)
  })
}

export async function startPostgres(): Promise<PgCluster> {
  const bin = binDir()
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pgtest-'))
  chmodSync(dir, 0o777)
  const asRoot = process.getuid?.() === 0
  const run = (cmd: string, args: string[]) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', path.join(bin, cmd), ...args], { stdio: 'pipe' })
      : execFileSync(path.join(bin, cmd), args, { stdio: 'pipe' })
  const data = path.join(dir, 'data')
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync'])
  const port = await freePort()
  run('pg_ctl', ['-D', data, '-l', path.join(dir, 'log'), '-w', 'start', '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`])
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', 'stop'])
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    },
  }
}
