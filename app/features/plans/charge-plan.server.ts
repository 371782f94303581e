import type { DB } from '~/db/connect.server'
import { PLANS, TEAM_PLAN_STATUS, type PlanCode } from './constants'

export interface ChargePlan {
  planCode: PlanCode
  planLevel: number
  planEndDate: string | null
  studentLimit: number
  isHomeworkLock: boolean
  payfunctionMap: Record<string, 0 | 1>
}

/**
 * The plan in force for a user in a mode: in team mode the team's in-progress plan, otherwise the
 * newest personal plan that has started. The homework lock is on when that plan has ended or the
 * students in the user's journals exceed its limit.
 */
export async function chargePlanFor(db: DB, userId: number, mode: 'personal' | 'team', now = new Date()): Promise<ChargePlan> {
  const today = now.toISOString()
  let planId: number | undefined
  let endDate: string | null = null
  let studentLimit: number | undefined
  if (mode === 'team') {
    const teamPlan = await db
      .selectFrom('team_members as m')
      .innerJoin('team_plans as p', 'p.team_id', 'm.team_id')
      .select(['p.plan_id', 'p.end_date', 'p.student_limit', 'p.status'])
      .where('m.user_id', '=', userId)
      .where('p.status', 'in', [TEAM_PLAN_STATUS.inProgress, TEAM_PLAN_STATUS.ended])
      .orderBy('p.start_date', 'desc')
      .executeTakeFirst()
    if (teamPlan) {
      planId = teamPlan.plan_id
      endDate = teamPlan.end_date
      studentLimit = teamPlan.student_limit
    }
  }
  if (planId === undefined) {
    const personal = await db
      .selectFrom('user_plans')
      .select(['plan_id', 'end_date'])
      .where('user_id', '=', userId)
      .where('start_date', '<=', today)
      .orderBy('start_date', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst()
    planId = personal?.plan_id
    endDate = personal?.end_date ?? null
  }
  const plan = planId
    ? await db.selectFrom('plans').selectAll().where('id', '=', planId).executeTakeFirst()
    : await db.selectFrom('plans').selectAll().where('code', '=', 'free').executeTakeFirst()
  if (!plan) throw new Error('plans are not seeded')
  const functions = await db.selectFrom('plan_functions').select(['function_id', 'is_pay']).where('plan_id', '=', plan.id).execute()
  const limit = studentLimit ?? plan.student_limit
  const used = await studentsInOwnJournals(db, userId)
  const expired = endDate !== null && endDate < today
  return {
    planCode: (plan.code in PLANS ? plan.code : 'free') as PlanCode,
    planLevel: plan.level,
    planEndDate: endDate,
    studentLimit: limit,
    isHomeworkLock: expired || used > limit,
    payfunctionMap: Object.fromEntries(functions.map((f) => [f.function_id, f.is_pay ? 1 : 0])),
  }
}

/** Distinct students taking part in the user's active journals: the plan's usage. */
export async function studentsInOwnJournals(db: DB, userId: number) {
  const row = await db
    .selectFrom('journal_members as m')
    .innerJoin('journals as j', 'j.id', 'm.journal_id')
    .select((eb) => eb.fn.count<number>('m.user_id').distinct().as('n'))
    .where('j.owner_id', '=', userId)
    .where('j.archived_at', 'is', null)
    .where('m.role', '=', 'student')
    .executeTakeFirstOrThrow()
  return Number(row.n)
}
