import { pageParam } from '~/shared/lists'
import { data, Link, useSearchParams } from 'react-router'
import { Form } from '~/ui/form'
import type { Route } from './+types/ucp'
import { requireUser } from '~/auth/guards.server'
import { db } from '~/db/db.server'
import { idField } from '~/features/form-ids.server'
import { CODE_FILTERS, CODE_STATUS } from '~/features/plans/plan-code-status'
import { CodeCommentSchema } from '~/features/plans/schema'
import { addCodeComment, commentsOf, planCodesOf, runCodeAction, unsoldCount, type CodeAction } from '~/features/plans/plan-codes.server'
import { journalChoices } from '~/features/students/roster.server'
import { getInstance } from '~/i18n/middleware.server'
import { useT } from '~/i18n/use-t'
import { formatDate, formatDateTime } from '~/shared/dates'
import { Pager } from '~/ui/pager'
import { redirectWithToast } from '~/auth/toast.server'
import { Dialog } from '~/ui/dialog'
import { pageMeta } from '~/ui/page-title'
import { readForm } from '~/http/form.server'
import { ErrorList } from '~/ui/field'
import { SCHOOL_HANDLE, schoolDictionary } from '~/i18n/client-resources'
import { once } from '~/http/once.server'
import { sendSafely } from '~/ui/send-safely'

export const handle = SCHOOL_HANDLE
export const clientMiddleware = schoolDictionary

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(loaderData?.title, matches)

const ACTIONS: CodeAction[] = ['sold', 'release', 'newCode', 'renew']
const STATUS_KEYS: Record<number, string> = { 1: 'ucp.status1', 2: 'ucp.status2', 3: 'ucp.status3', 4: 'ucp.status4', [-1]: 'ucp.statusExpired' }

/** /my/ucp: the owner's plan codes (login serial numbers), spec 3 sections 2 to 9. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireUser(request, context)
  const params = new URL(request.url).searchParams
  const journalId = Number(params.get('journal')) || null
  const rawStatus = Number(params.get('status')) || null
  // Choosing a journal clears the "unbound" filter (spec 3 section 4).
  const status = rawStatus === CODE_STATUS.unbound && journalId ? null : rawStatus
  const page = pageParam(params)
  const codes = await planCodesOf(db, user.userId, { code: params.get('code') ?? '', journalId, status }, page)
  const detailId = Number(params.get('detail')) || null
  const commentId = Number(params.get('comment')) || null
  return {
    ...codes,
    filter: { code: params.get('code') ?? '', journalId, status },
    journals: await journalChoices(db, user.userId),
    unsold: await unsoldCount(db, user.userId, journalId ?? undefined),
    detail: detailId ? (codes.rows.find((r) => r.id === detailId) ?? null) : null,
    comments: detailId || commentId ? await commentsOf(db, user.userId, (detailId ?? commentId)!) : [],
    commentId,
    releaseId: Number(params.get('release')) || null,
    title: getInstance(context).t('ucp.title'),
  }
}

export const action = once(async function action({ request, context }: Route.ActionArgs) {
  const { session, user } = await requireUser(request, context)
  const form = await readForm(request)
  const id = idField(form, 'id')
  const back = new URL(request.url)
  for (const p of ['detail', 'comment', 'release']) back.searchParams.delete(p)
  const done = async (kind: 'success' | 'error', key: string) => {
    return await redirectWithToast(request, session, back.pathname + back.search, { kind, key })
  }
  const intent = String(form.get('intent'))
  if (intent === 'comment') {
    const parsed = CodeCommentSchema.safeParse({ intent, comment: form.get('comment') ?? '' })
    if (!parsed.success) return data({ commentError: parsed.error.issues[0].message as 'validation.required' | `validation.tooLong|${string}` }, 400)
    if (!(await addCodeComment(db, user.userId, id, parsed.data.comment))) throw data(null, 404)
    return done('success', 'ucp.commented')
  }
  if (!ACTIONS.includes(intent as CodeAction)) throw data(null, 400)
  const result = await runCodeAction(db, user.userId, id, intent as CodeAction, { removeJournal: form.get('removeJournal') === 'true' })
  if (result === 'noRemainingPlan') return done('error', 'ucp.noRemainingPlan')
  if (result === 'notAllowed') return done('error', 'ucp.notAllowed')
  return done('success', `ucp.done_${intent}`)
})

// A send that fails in the network keeps the page and says so (decision 0072, ui/send-safely.ts).
export const clientAction = (args: Route.ClientActionArgs) => sendSafely(args)

export default function PlanCodesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT()
  const [params] = useSearchParams()
  const { rows, filter, journals, detail, comments, commentId, releaseId } = loaderData
  const link = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params)
    for (const [k, v] of Object.entries(changes)) {
      if (v === null) next.delete(k)
      else next.set(k, v)
    }
    return `?${next}`
  }
  const releasing = rows.find((r) => r.id === releaseId)
  return (
    <section aria-labelledby="ucp-title">
      <h1 id="ucp-title">{t('ucp.title')}</h1>
      <p className="meta">{t('ucp.unsold', { count: loaderData.unsold })}</p>
      <Form method="get" className="card inline-form">
        <div className="field">
          <label htmlFor="ucp-code">{t('ucp.code')}</label>
          <input id="ucp-code" name="code" defaultValue={filter.code} />
        </div>
        <div className="field">
          <label htmlFor="ucp-journal">{t('ucp.journal')}</label>
          <select
            id="ucp-journal"
            name="journal"
            defaultValue={filter.journalId ?? ''}
            onChange={(e) => {
              // The "unbound" status means no journal: choosing one clears it.
              const status = e.currentTarget.form?.elements.namedItem('status') as HTMLSelectElement | null
              if (e.currentTarget.value && status?.value === String(CODE_STATUS.unbound)) status.value = ''
            }}
          >
            <option value="">{t('ucp.allJournals')}</option>
            {journals.map((j) => (
              <option key={j.id} value={j.id}>
                {j.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="ucp-status">{t('ucp.status')}</label>
          <select id="ucp-status" name="status" defaultValue={filter.status ?? ''}>
            <option value="">{t('ucp.allStatuses')}</option>
            {CODE_FILTERS.filter((s) => s !== CODE_STATUS.unbound || !filter.journalId).map((s) => (
              <option key={s} value={s}>
                {t(STATUS_KEYS[s] as 'ucp.status1')}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button secondary">
          {t('ucp.search')}
        </button>
      </Form>
      {rows.length === 0 ? (
        <p className="empty">{t('ucp.none')}</p>
      ) : (
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t('ucp.code')}</th>
              <th scope="col">{t('ucp.journal')}</th>
              <th scope="col">{t('ucp.days')}</th>
              <th scope="col">{t('ucp.status')}</th>
              <th scope="col">{t('ucp.user')}</th>
              <th scope="col">{t('ucp.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((c) => (
              <tr key={c.id}>
                <td>{c.exchange_code ? <code>{c.exchange_code}</code> : <span className="meta">{t('ucp.noCode')}</span>}</td>
                <td>{c.journalName ?? <span className="meta">{t('ucp.unbound')}</span>}</td>
                <td>{c.plan_days}</td>
                <td>{t(STATUS_KEYS[c.status] as 'ucp.status1')}</td>
                <td>{c.userName ?? c.userAccount ?? '–'}</td>
                <td>
                  <div className="row-form">
                    {c.actions.sold ? <ActionButton id={c.id} intent="sold" label={t('ucp.sold')} /> : null}
                    {c.actions.release ? (
                      c.journal_id ? (
                        <Link to={link({ release: String(c.id) })} className="button small secondary" preventScrollReset>
                          {t('ucp.release')}
                        </Link>
                      ) : (
                        <ActionButton id={c.id} intent="release" label={t('ucp.release')} />
                      )
                    ) : null}
                    {c.actions.newCode ? <ActionButton id={c.id} intent="newCode" label={t('ucp.newCode')} /> : null}
                    {c.actions.renew ? <ActionButton id={c.id} intent="renew" label={t('ucp.renew')} /> : null}
                    <Link to={link({ detail: String(c.id) })} preventScrollReset>
                      {t('ucp.detail')}
                    </Link>
                    <Link to={link({ comment: String(c.id) })} preventScrollReset>
                      {t('ucp.comment')}
                    </Link>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pager page={loaderData.page} totalPages={loaderData.totalPages} />
      {releasing ? (
        <Dialog title={t('ucp.releaseTitle')} closeTo={link({ release: null })} alert>
          <Form method="post">
            <p>{t('ucp.releaseAsk', { journal: releasing.journalName })}</p>
            <input type="hidden" name="intent" value="release" />
            <input type="hidden" name="id" value={releasing.id} />
            <div className="form-actions">
              <button type="submit" name="removeJournal" value="true" className="button danger">
                {t('ucp.releaseAndRemove')}
              </button>
              <button type="submit" name="removeJournal" value="false" className="button secondary">
                {t('ucp.releaseOnly')}
              </button>
              <Link to={link({ release: null })} data-autofocus>
                {t('journal.cancel')}
              </Link>
            </div>
          </Form>
        </Dialog>
      ) : null}
      {detail ? (
        <Dialog title={t('ucp.detailTitle', { code: detail.exchange_code ?? '–' })} closeTo={link({ detail: null })}>
          <dl className="invite-codes">
            <dt>{t('ucp.created')}</dt>
            <dd>{formatDate(detail.created_at)}</dd>
            <dt>{t('ucp.exchangeExpire')}</dt>
            <dd>{formatDate(detail.exchange_expire_date)}</dd>
            <dt>{t('ucp.soldDate')}</dt>
            <dd>{detail.sold_date ? formatDate(detail.sold_date) : '–'}</dd>
            <dt>{t('ucp.useDate')}</dt>
            <dd>{detail.use_date ? formatDate(detail.use_date) : '–'}</dd>
            <dt>{t('ucp.useExpire')}</dt>
            <dd>{detail.use_expire_date ? formatDate(detail.use_expire_date) : '–'}</dd>
            <dt>{t('ucp.limits')}</dt>
            <dd>{t('ucp.limitsValue', { count: detail.plan_days, students: detail.student_limit })}</dd>
          </dl>
          <h3>{t('ucp.comments')}</h3>
          <CommentList comments={comments} />
          <Link to={link({ detail: null })}>{t('ucp.close')}</Link>
        </Dialog>
      ) : null}
      {commentId ? (
        <Dialog title={t('ucp.commentTitle')} closeTo={link({ comment: null })}>
          <Form method="post">
          <CommentList comments={comments} />
          <input type="hidden" name="intent" value="comment" />
          <input type="hidden" name="id" value={commentId} />
          <div className="field">
            <label htmlFor="ucp-comment">{t('ucp.comment')}</label>
            <textarea id="ucp-comment" name="comment" rows={3} aria-invalid={actionData?.commentError ? true : undefined} />
            <ErrorList errors={actionData?.commentError ? [actionData.commentError] : undefined} />
          </div>
          <div className="form-actions">
            <button type="submit" className="button">
              {t('ucp.saveComment')}
            </button>
            <Link to={link({ comment: null })}>{t('journal.cancel')}</Link>
          </div>
          </Form>
        </Dialog>
      ) : null}
    </section>
  )
}

function ActionButton({ id, intent, label }: { id: number; intent: CodeAction; label: string }) {
  return (
    <Form method="post">
      <input type="hidden" name="id" value={id} />
      <button type="submit" name="intent" value={intent} className="button small secondary">
        {label}
      </button>
    </Form>
  )
}

function CommentList({ comments }: { comments: { id: number; comment: string; createdAt: string; author: string | null }[] }) {
  const { t } = useT()
  if (!comments.length) return <p className="meta">{t('ucp.noComments')}</p>
  return (
    <ul className="comment-list">
      {comments.map((c) => (
        <li key={c.id}>
          <span className="meta">
            {formatDateTime(c.createdAt)} {c.author}
          </span>
          <p>{c.comment}</p>
        </li>
      ))}
    </ul>
  )
}
