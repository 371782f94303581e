// The SQLite database of this worker's e2e server (support/server.ts), for fixtures a test needs of
// its own (accounts, posts).
import path from 'node:path'
import { connect, type Connection } from '../../app/db/connect.server'

let connection: Connection | undefined
export const db = () => (connection ??= connect({ sqliteFile: path.join(process.env.E2E_WORKER_DIR!, 'data', 'app.db') })).db
