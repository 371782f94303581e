import type { DB } from '~/db/connect.server'
import { nowIso } from '~/db/time'
import { EXPIRE_TYPE, SHARE_TYPE } from '~/features/journals/constants'
import { insertJournal } from '~/features/journals/insert.server'
import { ticketsFor } from '~/features/journals/settings.server'
import { createTeam } from '~/features/quests/contest.server'

/** Contest code verification results (spec 2 section 8, spec 3 section 8). */
export const CONTEST_CODES = { finished: '-10002', full: '-10003', alreadyIn: '-10004' } as const
export type ContestError = 'catalogue.invitationCodeError' | 'catalogue.contestFinished' | 'catalogue.contestFull' | 'catalogue.contestAlreadyIn'

const MESSAGE = {
  [CONTEST_CODES.finished]: 'catalogue.contestFinished',
  [CONTEST_CODES.full]: 'catalogue.contestFull',
  [CONTEST_CODES.alreadyIn]: 'catalogue.contestAlreadyIn',
} as const

/**
 * Verify a contest code and start the teacher's contest journal (a quest journal, share type 5).
 * Unknown code: the invitation-code error; `-10002` the contest has ended; `-10003` it has as many
 * journals as it takes; `-10004` the teacher already has a journal in it.
 */
export async function startContestJournal(db: DB, owner: { userId: number; planLimit: number }, rawCode: string) {
  return db.transaction().execute(async (trx) => {
    const fail = (error: ContestError) => ({ ok: false as const, field: 'sampleCode' as const, error })
    const contest = await trx.selectFrom('contests').selectAll().where('code', '=', rawCode.trim()).executeTakeFirst()
    if (!contest) return fail('catalogue.invitationCodeError')
    const now = nowIso()
    if (contest.ends_at <= now) return fail(MESSAGE[CONTEST_CODES.finished])
    const journals = await trx.selectFrom('journals').select(['owner_id']).where('contest_id', '=', contest.id).where('archived_at', 'is', null).execute()
    if (journals.some((j) => j.owner_id === owner.userId)) return fail(MESSAGE[CONTEST_CODES.alreadyIn])
    if (journals.length >= contest.max_journals) return fail(MESSAGE[CONTEST_CODES.full])
    const { max } = await ticketsFor(trx, owner.userId, owner.planLimit)
    const limit = Math.min(30, max)
    if (limit < 1) return { ok: false as const, field: 'sampleCode' as const, error: 'journal.startNoTickets' as const }
    const id = await insertJournal(trx, {
      owner_id: owner.userId,
      name: contest.name.slice(0, 50),
      expire_type: EXPIRE_TYPE.at,
      expire_time: contest.ends_at,
      diary_publish_num: limit,
      share_type: SHARE_TYPE.quest,
      contest_id: contest.id,
    })
    await createTeam(trx, contest.id, id, owner.userId)
    return { ok: true as const, journalId: id, contest: true }
  })
}
