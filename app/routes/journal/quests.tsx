import { data, Link, useSearchParams } from 'react-router'
import type { Route } from './+types/quests'
import { redirectWithToast } from '~/auth/toast.server'
import { db } from '~/db/db.server'
import { BEHAVIOURS } from '~/features/posts/constants'
import { journalInfo } from '~/features/journals/info.server'
import { parseId } from '~/shared/lists'
import { questJournalOf } from '~/auth/quest-gate.server'
import { deleteQuest, sampleQuests } from '~/features/quests/quests.server'
import { readForm } from '~/http/form.server'
import { getInstance } from '~/i18n/middleware.server'
import { useT } from '~/i18n/use-t'
import { CopyButton } from '~/ui/copy-button'
import { ConfirmDialog, Dialog, DialogFooter } from '~/ui/dialog'
import { pageMeta } from '~/ui/page-title'
import { CONTESTS_HANDLE, contestsDictionary } from '~/i18n/client-resources'
import { once } from '~/http/once.server'
import { sendSafely } from '~/ui/send-safely'

// The quest and contest texts are a dictionary part of their own (decision 0035).
export const handle = CONTESTS_HANDLE
export const clientMiddleware = contestsDictionary

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(loaderData?.title, matches)

/**
 * /diary/homework/{id}/quest (spec 2 quest sample page): the contest's quests and the journal's own
 * sample quests with their frames; the owner creates, edits and deletes their own (`06000`), and
 * opens the student invitation code.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { journal, role, contest } = await questJournalOf(context)
  const isOwner = role === 'owner'
  const info = isOwner ? await journalInfo(db, journal.id) : null
  return {
    id: journal.id,
    isOwner,
    lang: journal.lang === 'zh-Hant' ? 'zh' : journal.lang,
    inviteCode: info?.inviteCode ?? null,
    quests: await sampleQuests(db, journal.id, contest.contestId),
    title: `${getInstance(context).t('quest.samplesTitle')} | ${journal.name}`,
  }
}

export const action = once(async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request)
  const { session, journal } = await questJournalOf(context, { ownerOnly: true })
  if (form.get('intent') !== 'delete') throw data(null, { status: 400 })
  const done = await deleteQuest(db, journal.id, parseId(form.get('questId')))
  if (!done) throw data(null, { status: 404 })
  return await redirectWithToast(request, session, `/diary/homework/${journal.id}/quest`, { kind: 'success', key: 'quest.deleted', values: { code: done } })
})

// A send that fails in the network keeps the page and says so (decision 0072, ui/send-safely.ts).
export const clientAction = (args: Route.ClientActionArgs) => sendSafely(args)

export default function SampleQuestsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useT()
  const { id, isOwner, quests, inviteCode, lang } = loaderData
  const [params] = useSearchParams()
  const deleting = quests.find((q) => q.own && String(q.id) === params.get('delete'))
  return (
    <>
      <div className="page-head">
        <h1>{t('quest.samplesTitle')}</h1>
        {isOwner ? (
          <span className="row-actions">
            <Link className="button secondary" to="?invite=1" preventScrollReset>
              {t('quest.inviteCode')}
            </Link>
            <Link className="button" to={`/diary/homework/${id}/quest/edit?lang=${lang}`}>
              {t('quest.newQuest')}
            </Link>
          </span>
        ) : null}
      </div>
      {quests.length === 0 ? <p className="empty">{t('quest.noSamples')}</p> : null}
      <ul className="quest-samples">
        {quests.map((q) => (
          <li key={q.id} className="card">
            <div className="page-head">
              <h2>{q.title}</h2>
              <span className="badge">{q.own ? t('quest.own') : t('quest.fromContest')}</span>
            </div>
            <p>{q.description}</p>
            <ol className="quest-frames">
              {q.frames.map((f) => (
                <li key={f.type}>
                  <strong>{t(`quest.frame_${f.type}`)}</strong>: {f.title}
                  {f.type === 'behavior' ? (
                    <ul className="hint">
                      {(f.samples as string[][]).map((slot, i) => (slot.length ? <li key={i}>{`${t(`behaviour.${BEHAVIOURS[i].key}`)}: ${slot.join(' / ')}`}</li> : null))}
                    </ul>
                  ) : (f.samples as string[]).length ? (
                    <p className="hint">{(f.samples as string[]).join(' / ')}</p>
                  ) : null}
                </li>
              ))}
            </ol>
            {isOwner && q.own ? (
              <p className="row-actions">
                <Link className="button secondary small" to={`/diary/homework/${id}/quest/edit?questId=${q.id}&lang=${q.lang}`} aria-label={t('quest.editOne', { title: q.title })}>
                  {t('quest.edit')}
                </Link>
                <Link className="button secondary small" to={`?delete=${q.id}`} preventScrollReset aria-label={t('quest.deleteOne', { title: q.title })}>
                  {t('quest.delete')}
                </Link>
              </p>
            ) : null}
          </li>
        ))}
      </ul>
      {deleting ? (
        <ConfirmDialog title={t('quest.deleteTitle', { title: deleting.title })} text={t('quest.deleteText')} closeTo="?" confirm={t('quest.delete')} cancel={t('journal.cancel')} fields={{ intent: 'delete', questId: deleting.id }} />
      ) : null}
      {isOwner && params.get('invite') === '1' ? (
        <Dialog title={t('quest.inviteCode')} closeTo="?">
          {inviteCode ? (
            <p className="code-line">
              <code className="big-code">{inviteCode}</code> <CopyButton text={inviteCode} />
            </p>
          ) : (
            <p className="hint">{t('journal.noCode')}</p>
          )}
          <p className="hint">{t('quest.inviteCodeHint')}</p>
          <DialogFooter closeTo="?" close={t('quest.close')} closeClass="button" />
        </Dialog>
      ) : null}
    </>
  )
}
