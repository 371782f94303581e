import type { TestProject } from 'vitest/node'
import { startPostgres } from './support/postgres'

declare module 'vitest' {
  export interface ProvidedContext {
    pgUrl: string
  }
}

// Data-layer tests run on SQLite and PostgreSQL: a throwaway cluster unless TEST_DATABASE_URL names one.
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgUrl', process.env.TEST_DATABASE_URL)
    return
  }
  const cluster = await startPostgres()
  project.provide('pgUrl', cluster.url)
  return () => cluster.stop()
}
