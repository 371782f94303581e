import { useEffect, useState } from 'react'
import { data, Link, redirect } from 'react-router'
import { Form } from '~/ui/form'
import type { Route } from './+types/quest-select'
import { redirectWithToast } from '~/auth/toast.server'
import { db } from '~/db/db.server'
import { PICK_TYPE } from '~/features/quests/constants'
import { questJournalOf } from '~/auth/quest-gate.server'
import { applySelection, moveTo, SELECTION_INTENTS, type SelectionIntent } from '~/features/quests/selection'
import { availableQuests, saveSelection, selectionOf } from '~/features/quests/selection.server'
import { parseId } from '~/shared/lists'
import { readForm } from '~/http/form.server'
import { getInstance } from '~/i18n/middleware.server'
import { useT } from '~/i18n/use-t'
import { todayDate } from '~/shared/dates'
import { NoticeDialog } from '~/ui/dialog'
import { pageMeta } from '~/ui/page-title'
import { CONTESTS_HANDLE, contestsDictionary } from '~/i18n/client-resources'
import { once } from '~/http/once.server'
import { sendSafely } from '~/ui/send-safely'

// The quest and contest texts are a dictionary part of their own (decision 0035).
export const handle = CONTESTS_HANDLE
export const clientMiddleware = contestsDictionary

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(loaderData?.title, matches)

/** The owner chooses while the contest has not started; later the choice stands (spec 2 quest list). */
async function selectionPage(context: Route.LoaderArgs['context']) {
  const page = await questJournalOf(context, { ownerOnly: true })
  const { contest, journal } = page
  if (contest.startDate !== null && contest.startDate <= todayDate()) throw redirect(`/diary/homework/${journal.id}/questList`)
  return page
}

/**
 * /diary/homework/{id}/questList/edit (spec 2 quest selection): available and assigned quests.
 * With `new=1` (first setup) there is no back button, and the system's pick (type 1) starts with
 * quests chosen at random. Each change works without JavaScript (the buttons post, nothing is
 * saved until "Done"); with it they act at once and the assigned list can be dragged.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { journal, contest } = await selectionPage(context)
  const isNew = new URL(request.url).searchParams.get('new') === '1'
  const available = await availableQuests(db, journal.id, contest.contestId)
  let chosen = await selectionOf(db, journal.id)
  if (isNew && contest.pickType === PICK_TYPE.system && chosen.length === 0) {
    const pool = available.filter((q) => q.journalId === null).map((q) => q.id)
    chosen = pool.sort(() => Math.random() - 0.5).slice(0, contest.questNumber)
  }
  return { id: journal.id, isNew, available, chosen, max: contest.questNumber, title: `${getInstance(context).t('quest.selectTitle')} | ${journal.name}` }
}

export const action = once(async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request)
  const { session, journal, contest } = await selectionPage(context)
  const available = (await availableQuests(db, journal.id, contest.contestId)).map((q) => q.id)
  const chosen = form.getAll('chosen').map(parseId).filter((n): n is number => n !== null)
  const [intent, quest] = String(form.get('op') ?? '').split(':')
  const questId = parseId(quest)
  if (intent === 'detail') return { chosen, detail: questId, error: null }
  if (SELECTION_INTENTS.includes(intent as SelectionIntent)) return { chosen: applySelection(chosen, available, intent as SelectionIntent, questId, contest.questNumber), detail: questId, error: null }
  if (intent !== 'done') throw data(null, { status: 400 })
  const saved = await saveSelection(db, journal.id, contest.contestId, chosen, contest.questNumber)
  if (!saved.ok) return data({ chosen, detail: null, error: saved.error }, 400)
  return await redirectWithToast(request, session, `/diary/homework/${journal.id}/questList`, { kind: 'success', key: 'quest.selectionSaved' })
})

// A send that fails in the network keeps the page and says so (decision 0072, ui/send-safely.ts).
export const clientAction = (args: Route.ClientActionArgs) => sendSafely(args)

export default function QuestSelectPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT()
  const { id, isNew, available, max } = loaderData
  const initial = actionData?.chosen ?? loaderData.chosen
  const [chosen, setChosen] = useState(initial)
  const [detail, setDetail] = useState<number | null>(actionData?.detail ?? null)
  const [dragged, setDragged] = useState<number | null>(null)
  useEffect(() => {
    setChosen(actionData?.chosen ?? loaderData.chosen)
    setDetail(actionData?.detail ?? null)
  }, [actionData, loaderData.chosen])
  const byId = new Map(available.map((q) => [q.id, q]))
  const availableIds = available.map((q) => q.id)
  // With JavaScript a change applies here at once; without it the button posts it (same rule).
  const act = (intent: SelectionIntent, quest: number | null) => (event: React.MouseEvent) => {
    event.preventDefault()
    setChosen((c) => applySelection(c, availableIds, intent, quest, max))
    if (quest !== null) setDetail(quest)
  }
  const show = (quest: number) => (event: React.MouseEvent) => {
    event.preventDefault()
    setDetail(quest)
  }
  const shown = detail === null ? null : byId.get(detail)
  const rest = available.filter((q) => !chosen.includes(q.id))
  return (
    <>
      <h1>{t('quest.selectTitle')}</h1>
      <p className="hint">{t('quest.selectHint', { count: max })}</p>
      <Form method="post" className="quest-select">
        {chosen.map((q) => (
          <input key={q} type="hidden" name="chosen" value={q} />
        ))}
        <section className="card" aria-labelledby="available-title">
          <h2 id="available-title">{t('quest.available')}</h2>
          {rest.length === 0 ? <p className="hint">{t('quest.noneLeft')}</p> : null}
          <ul className="pick-list">
            {rest.map((q) => (
              <li key={q.id}>
                <button className="link-button" type="submit" {...op('detail', q.id)} onClick={show(q.id)}>
                  {q.title}
                </button>
                <button className="button small" type="submit" {...op('add', q.id)} disabled={chosen.length >= max} onClick={act('add', q.id)} aria-label={t('quest.addOne', { title: q.title })}>
                  {t('quest.add')}
                </button>
              </li>
            ))}
          </ul>
          <button className="button secondary small" type="submit" {...op('addAll', null)} disabled={rest.length === 0 || chosen.length >= max} onClick={act('addAll', null)}>
            {t('quest.addAll')}
          </button>
        </section>
        <section className="card" aria-labelledby="chosen-title">
          <h2 id="chosen-title">
            {t('quest.assigned')} ({chosen.length}/{max})
          </h2>
          {chosen.length === 0 ? <p className="hint">{t('quest.noneAssigned')}</p> : null}
          <ol className="pick-list">
            {chosen.map((qid, i) => {
              const q = byId.get(qid)
              if (!q) return null
              return (
                <li
                  key={qid}
                  draggable
                  onDragStart={() => setDragged(qid)}
                  onDragOver={(e) => e.preventDefault()}
                  onDrop={(e) => {
                    e.preventDefault()
                    if (dragged !== null && dragged !== qid) setChosen((c) => moveTo(c, dragged, qid))
                    setDragged(null)
                  }}
                  className={dragged === qid ? 'dragging' : undefined}
                >
                  <span className="quest-order">{i + 1}</span>
                  <button className="link-button" type="submit" {...op('detail', qid)} onClick={show(qid)}>
                    {q.title}
                  </button>
                  <span className="row-actions">
                    <button className="button secondary small" type="submit" {...op('up', qid)} disabled={i === 0} onClick={act('up', qid)} aria-label={t('quest.moveUp', { title: q.title })}>
                      ↑
                    </button>
                    <button className="button secondary small" type="submit" {...op('down', qid)} disabled={i === chosen.length - 1} onClick={act('down', qid)} aria-label={t('quest.moveDown', { title: q.title })}>
                      ↓
                    </button>
                    <button className="button secondary small" type="submit" {...op('remove', qid)} onClick={act('remove', qid)} aria-label={t('quest.removeOne', { title: q.title })}>
                      {t('quest.remove')}
                    </button>
                  </span>
                </li>
              )
            })}
          </ol>
          <button className="button secondary small" type="submit" {...op('removeAll', null)} disabled={chosen.length === 0} onClick={act('removeAll', null)}>
            {t('quest.removeAll')}
          </button>
        </section>
        <section className="card quest-detail" aria-labelledby="detail-title" aria-live="polite">
          <h2 id="detail-title">{t('quest.detail')}</h2>
          {shown ? (
            <>
              <h3>{shown.title}</h3>
              <p>{shown.description}</p>
            </>
          ) : (
            <p className="hint">{t('quest.detailHint')}</p>
          )}
        </section>
        <div className="form-actions wide">
          <button className="button" type="submit" name="op" value="done">
            {t('quest.done')}
          </button>
          {isNew ? null : (
            <Link className="button secondary" to={`/diary/homework/${id}/questList`}>
              {t('journal.cancel')}
            </Link>
          )}
        </div>
      </Form>
      {actionData?.error ? (
        <NoticeDialog title={t('quest.warning')} closeTo={`/diary/homework/${id}/questList/edit${isNew ? '?new=1' : ''}`} ok={t('contest.ok')}>
          <p>{t(actionData.error)}</p>
        </NoticeDialog>
      ) : null}
    </>
  )
}

// Each button posts what it does and the quest it acts on ("add:12"), as one value.
const op = (intent: SelectionIntent | 'detail', quest: number | null) => ({ name: 'op', value: quest === null ? intent : `${intent}:${quest}` })
