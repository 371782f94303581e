import type { MiddlewareFunction, Params } from 'react-router'
import { db } from '~/db/db.server'
import { parseId } from '~/shared/lists'
import { inSchoolZone } from '~/time-zone.server'

/**
 * The pages of one journal outside the journal gate (a post, its revision and picture, the student
 * pages, the contest settings) write their times in that journal's zone, as the gate's pages do
 * (decision 0044). A middleware: the zone is known before any loader, the root's included, runs. An id
 * that names nothing leaves the root's zone; the page's own check answers for it.
 */
const zoneMiddleware =
  (find: (params: Params) => Promise<{ time_zone: string } | undefined>): MiddlewareFunction<Response> =>
  async ({ params }, next) => {
    const row = await find(params)
    return row ? inSchoolZone(row.time_zone, next) : next()
  }

/** A page whose `:id` is a journal's. */
export const journalZoneMiddleware = zoneMiddleware(async ({ id }) => {
  const journalId = parseId(id)
  return journalId === null ? undefined : db.selectFrom('journals').select('time_zone').where('id', '=', journalId).executeTakeFirst()
})

/** A page whose `:postId` is a post's: its journal's zone. */
export const postZoneMiddleware = zoneMiddleware(async ({ postId }) => {
  const id = parseId(postId)
  return id === null ? undefined : db.selectFrom('posts as p').innerJoin('journals as j', 'j.id', 'p.journal_id').select('j.time_zone').where('p.id', '=', id).executeTakeFirst()
})
