import path from 'node:path'
import { db } from '~/db/db.server'
import { env } from '~/env.server'
import { translatorOf } from '~/i18n/middleware.server'
import { runExport } from './export.server'

/** Where the export zips are kept: DATA_DIR/exports (the data folder's, never served as static files). */
export const EXPORTS_DIR = path.join(env.DATA_DIR, 'exports')

/** Runs a claimed export in the background of this process; a stop is taken over by the tick (resumeStaleExports). */
export function exportInBackground(id: number, lang: string) {
  void runExport(db, id, EXPORTS_DIR, translatorOf(lang)).catch((error) => console.error('student export failed', error instanceof Error ? error.message : error))
}
