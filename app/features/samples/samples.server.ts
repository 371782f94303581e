import { data } from 'react-router'
import type { DB } from '~/db/connect.server'
import { nowIso } from '~/db/time'
import type { Sample } from './schema'

const CARD = ['s.id', 's.name', 's.description', 's.label_color_code as labelColorCode', 's.speech_lang as speechLang', 's.student_limit as studentLimit', 's.ai_scoring as aiScoring', 's.published'] as const

/** Samples every teacher may start a journal from, newest first, with their author. */
export async function publishedSamples(db: DB) {
  return db
    .selectFrom('samples as s')
    .innerJoin('users as u', 'u.id', 's.owner_id')
    .select((eb) => [...CARD, eb.fn.coalesce('u.name', 'u.account').as('author')])
    .where('s.published', '=', 1)
    .orderBy('s.updated_at', 'desc')
    .orderBy('s.id', 'desc')
    .execute()
}

/** The teacher's own samples, published or not. */
export async function mySamples(db: DB, userId: number) {
  return db.selectFrom('samples as s').select(CARD).where('s.owner_id', '=', userId).orderBy('s.updated_at', 'desc').orderBy('s.id', 'desc').execute()
}

/** A sample the user may read: published, or their own. Anything else is not found. */
export async function readableSample(db: DB, id: number, userId: number) {
  if (!Number.isInteger(id) || id <= 0 || id > 2 ** 31 - 1) throw data(null, { status: 404 })
  const sample = await db
    .selectFrom('samples as s')
    .select([...CARD, 's.owner_id as ownerId'])
    .where('s.id', '=', id)
    .where((eb) => eb.or([eb('s.published', '=', 1), eb('s.owner_id', '=', userId)]))
    .executeTakeFirst()
  if (!sample) throw data(null, { status: 404 })
  return sample
}

/** A sample for its edit page: 404 when missing, 403 for anyone but its author. */
export async function ownSample(db: DB, rawId: string | undefined, userId: number) {
  const id = Number(rawId)
  const sample = Number.isInteger(id) && id > 0 ? await db.selectFrom('samples').selectAll().where('id', '=', id).executeTakeFirst() : undefined
  if (!sample) throw data(null, { status: 404 })
  if (sample.owner_id !== userId) throw data(null, { status: 403 })
  return sample
}

function columns(s: Sample) {
  return {
    name: s.name,
    description: s.description ?? '',
    label_color_code: Number(s.labelColorCode),
    student_limit: Number(s.studentLimit),
    speech_lang: s.speechLang as 'zh' | 'en',
    ai_scoring: s.aiScoring ? 1 : 0,
    published: s.published ? 1 : 0,
    updated_at: nowIso(),
  }
}

export async function createSample(db: DB, ownerId: number, s: Sample) {
  const { id } = await db.insertInto('samples').values({ ...columns(s), owner_id: ownerId, created_at: nowIso() }).returning('id').executeTakeFirstOrThrow()
  return id
}

export async function updateSample(db: DB, id: number, s: Sample) {
  await db.updateTable('samples').set(columns(s)).where('id', '=', id).execute()
}
