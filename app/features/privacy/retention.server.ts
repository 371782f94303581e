import type { DB } from '~/db/connect.server'
import { claimSlot } from '~/features/jobs/slots.server'
import { notify, tell } from '~/features/notifications/notify.server'
import { ADMIN_ROLES } from '~/features/team/roles'
import { addDays, DEFAULT_TIME_ZONE, formatDate } from '~/shared/dates'
import { DAY_MS } from './constants'

/** A retention notice comes this many days before the diaries go. */
export const RETENTION_NOTICE_DAYS = 30
export const RETENTION_YEARS_MAX = 12

/**
 * The first day kept when diaries older than `years` school years go (decision 0047): the current
 * school year counts as one, so 1 keeps this school year only, 2 this one and the one before. A
 * school year starts on the 1st of `startMonth` (8 in Taiwan, 4 in Japan).
 */
export function retentionCutoff(today: string, years: number, startMonth: number) {
  const [y, m] = today.split('-').map(Number)
  const yearStart = m >= startMonth ? y : y - 1
  return `${yearStart - (years - 1)}-${String(startMonth).padStart(2, '0')}-01`
}

/** The diaries of a team's journals written before a date: how many, in how many journals. */
async function diariesBefore(db: DB, teamId: number, before: string) {
  const row = await db
    .selectFrom('posts as p')
    .innerJoin('journals as j', 'j.id', 'p.journal_id')
    .select((eb) => [eb.fn.countAll<number>().as('posts'), eb.fn.count<number>('p.journal_id').distinct().as('journals')])
    .where('j.team_id', '=', teamId)
    .where('p.diary_date', '<', before)
    .executeTakeFirstOrThrow()
  return { posts: Number(row.posts), journals: Number(row.journals) }
}

const adminsOf = async (db: DB, teamId: number) => (await db.selectFrom('team_members').select('user_id').where('team_id', '=', teamId).where('role_id', 'in', [...ADMIN_ROLES]).execute()).map((m) => m.user_id)

/**
 * The daily retention duty of every team that turned it on: a notice to its admins (in the bell)
 * 30 days before diaries reach their cutoff, once per cutoff; then, once the notice is 30 days old,
 * the diaries before the cutoff it announced go (their pictures, and their alerts kept as anonymous
 * counts), counted in the team's log. Each step is claimed once per team and day.
 */
export async function runRetentionDuties(db: DB, now = new Date()) {
  const teams = await db.selectFrom('teams').select(['id', 'retention_years', 'school_year_start_month', 'retention_notice_before', 'retention_notice_at']).where('retention_years', 'is not', null).execute()
  const today = formatDate(now.toISOString(), DEFAULT_TIME_ZONE)
  let deleted = 0
  for (const team of teams) {
    const years = team.retention_years!
    const soon = retentionCutoff(addDays(today, RETENTION_NOTICE_DAYS), years, team.school_year_start_month)
    if (!team.retention_notice_before || team.retention_notice_before < soon) {
      const coming = await diariesBefore(db, team.id, soon)
      if (coming.posts > 0 && (await claimSlot(db, `retention-notice:${team.id}:${soon}`, now))) {
        await db.updateTable('teams').set({ retention_notice_before: soon, retention_notice_at: now.toISOString() }).where('id', '=', team.id).execute()
        const on = addDays(today, RETENTION_NOTICE_DAYS)
        await tell('retention notice', async () =>
          notify(db, { readers: await adminsOf(db, team.id), type: 'd', eventKey: `retention:${team.id}:${soon}`, msgKey: 'notification.retentionNotice', params: { posts: coming.posts, before: soon, date: on }, link: '/team/my?tab=data' }),
        )
        team.retention_notice_before = soon
        team.retention_notice_at = now.toISOString()
      }
    }
    // Only what a notice announced 30 days ago, and never past this year's cutoff.
    const announced = team.retention_notice_before && team.retention_notice_at && Date.parse(team.retention_notice_at) <= now.getTime() - RETENTION_NOTICE_DAYS * DAY_MS ? team.retention_notice_before : null
    if (!announced) continue
    const current = retentionCutoff(today, years, team.school_year_start_month)
    const before = announced < current ? announced : current
    const due = await diariesBefore(db, team.id, before)
    if (due.posts === 0 || !(await claimSlot(db, `retention-run:${team.id}:${today}`, now))) continue
    deleted += await deleteDiariesBefore(db, team.id, before, due.journals, now)
  }
  return deleted
}

/** Deletes a team's diaries written before a date, in one transaction; the log holds the counts. */
async function deleteDiariesBefore(db: DB, teamId: number, before: string, journals: number, now: Date) {
  return db.transaction().execute(async (trx) => {
    const journalIds = trx.selectFrom('journals').select('id').where('team_id', '=', teamId)
    const posts = trx.selectFrom('posts').select('id').where('journal_id', 'in', journalIds).where('diary_date', '<', before)
    const urls = await trx.selectFrom('post_frames').select('img_url').where('post_id', 'in', posts).where('img_url', 'is not', null).execute()
    const pictureIds = urls.map((u) => /\/pictures\/([0-9a-f-]{36})$/.exec(u.img_url ?? '')?.[1]).filter((x): x is string => Boolean(x))
    // The alerts raised before the cutoff go with the diaries, kept as anonymous counts.
    const alerts = await trx.selectFrom('risk_alerts').select(['journal_id', 'rule', 'severity', 'status', 'verdict', 'flagged_by', 'created_at', 'resolved_at']).where('journal_id', 'in', journalIds).where('created_at', '<', `${before}T00:00:00.000Z`).execute()
    if (alerts.length) {
      await trx.insertInto('erased_alerts').values(alerts.map((a) => ({ journal_id: a.journal_id, rule: a.rule, severity: a.severity, status: a.status, verdict: a.verdict, flagged: a.flagged_by === null ? 0 : 1, created_at: a.created_at, resolved_at: a.resolved_at }))).execute()
      await trx.deleteFrom('risk_alerts').where('journal_id', 'in', journalIds).where('created_at', '<', `${before}T00:00:00.000Z`).execute()
    }
    const r = await trx.deleteFrom('posts').where('journal_id', 'in', journalIds).where('diary_date', '<', before).executeTakeFirst()
    // A family pack of that time holds the same diaries drawn: it goes too.
    await trx.deleteFrom('family_packs').where('journal_id', 'in', journalIds).where('period_to', '<', before).execute()
    // A picture goes with its post unless a post kept still shows it.
    for (let i = 0; i < pictureIds.length; i += 500) {
      const chunk = pictureIds.slice(i, i + 500)
      const kept = await trx.selectFrom('post_frames').select('img_url').where('img_url', 'in', chunk.map((id) => `/pictures/${id}`)).execute()
      const keep = new Set(kept.map((k) => k.img_url))
      const gone = chunk.filter((id) => !keep.has(`/pictures/${id}`))
      if (gone.length) await trx.deleteFrom('post_pictures').where('id', 'in', gone).execute()
    }
    const count = Number(r.numDeletedRows)
    await trx.insertInto('team_log').values({ team_id: teamId, owner_id: null, kind: 'retention', details: JSON.stringify({ posts: count, journals, before, pictures: pictureIds.length, alerts: alerts.length }), at: now.toISOString() }).execute()
    return count
  })
}

/** The team's setting and what it will do next, for its admins. */
export async function retentionPlan(db: DB, teamId: number, now = new Date()) {
  const team = await db.selectFrom('teams').select(['retention_years', 'school_year_start_month', 'retention_notice_before', 'retention_notice_at']).where('id', '=', teamId).executeTakeFirstOrThrow()
  const today = formatDate(now.toISOString(), DEFAULT_TIME_ZONE)
  const base = { years: team.retention_years, startMonth: team.school_year_start_month }
  if (team.retention_years === null) return { ...base, next: null }
  const announced = team.retention_notice_before && team.retention_notice_at ? { before: team.retention_notice_before, on: formatDate(new Date(Date.parse(team.retention_notice_at) + RETENTION_NOTICE_DAYS * DAY_MS).toISOString(), DEFAULT_TIME_ZONE) } : null
  const before = announced?.before ?? retentionCutoff(addDays(today, RETENTION_NOTICE_DAYS), team.retention_years, team.school_year_start_month)
  return { ...base, next: { before, on: announced?.on ?? null, ...(await diariesBefore(db, teamId, before)) } }
}

/** Saves the setting (a team admin's); a change starts the notice over, so nothing goes without 30 days' warning. */
export async function saveRetention(db: DB, teamId: number, v: { years: number | null; startMonth: number }) {
  await db.updateTable('teams').set({ retention_years: v.years, school_year_start_month: v.startMonth, retention_notice_before: null, retention_notice_at: null }).where('id', '=', teamId).execute()
}
