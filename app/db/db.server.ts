import path from 'node:path'
import { env } from '~/env.server'
import { connect, type Connection } from './connect.server'

// One connection (pool) per process, shared by every request.
const g = globalThis as typeof globalThis & { __connection?: Connection }
export const connection: Connection = (g.__connection ??= connect({
  databaseUrl: env.DATABASE_URL,
  sqliteFile: path.join(env.DATA_DIR, 'app.db'),
}))
export const db = connection.db
