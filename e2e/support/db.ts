// The e2e server's SQLite database, for fixtures a test needs of its own (accounts, posts).
import path from 'node:path'
import { connect, type Connection } from '../../app/db/connect.server'

let connection: Connection | undefined
export const db = () => (connection ??= connect({ sqliteFile: path.join(process.env.E2E_DIR!, 'data', 'app.db') })).db
