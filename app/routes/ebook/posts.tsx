import { useState } from 'react'
import { data, redirect, useNavigation } from 'react-router'
import { Form } from '~/ui/form'
import type { Route } from './+types/posts'
import { redirectWithToast } from '~/auth/toast.server'
import { db } from '~/db/db.server'
import { requireBook } from '~/auth/book-gate.server'
import { choosePosts, printBlock, pagesOf, postChoices } from '~/features/ebooks/books.server'
import { drawInBackground } from '~/features/ebooks/drawing.server'
import { parseId } from '~/shared/lists'
import { readForm } from '~/http/form.server'
import { EBOOKS_HANDLE } from '~/i18n/client-resources'
import { getInstance } from '~/i18n/middleware.server'
import { useT } from '~/i18n/use-t'
import { EbookSteps } from '~/features/ebooks/components/ebook-steps'
import { withValues } from '~/shared/error-values'
import { ErrorList } from '~/ui/field'
import { useHydrated } from '~/ui/hydrated'
import { pageMeta } from '~/ui/page-title'
import { once } from '~/http/once.server'
import { sendSafely } from '~/ui/send-safely'

export const handle = EBOOKS_HANDLE
export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(loaderData?.title, matches)

/** Step 1, /ebook/{id}/posts: the student's posts to put in the book (spec 3: at least 1, at most 30). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { book } = await requireBook(request, context, params.bookId)
  const [choices, pages] = await Promise.all([postChoices(db, book), pagesOf(db, book.id)])
  return { title: `${getInstance(context).t('ebook.stepPosts')} | ${book.student}`, bookId: book.id, block: printBlock(book, pages), ...choices }
}

export const action = once(async function action({ request, context, params }: Route.ActionArgs) {
  const { book, session } = await requireBook(request, context, params.bookId)
  const form = await readForm(request)
  const args: IntentArgs = { request, session, book, form }
  switch (form.get('intent')) {
    case 'next':
      return nextAction(args)
    case 'all':
      return allAction(args)
    default:
      throw data(null, { status: 400 })
  }
})

interface IntentArgs {
  request: Request
  session: Awaited<ReturnType<typeof requireBook>>['session']
  book: Awaited<ReturnType<typeof requireBook>>['book']
  form: FormData
}

/** The ticked posts are the book's; on to its basic information. */
async function nextAction({ book, form }: IntentArgs) {
  const ids = form.getAll('postId').map((v) => parseId(v)).filter((v): v is number => v !== null)
  const saved = await choosePosts(db, book, ids)
  if (!saved.ok) return data({ error: saved.error, chosen: ids }, 400)
  drawInBackground(book.id)
  return redirect(`/ebook/${book.id}/basicinfo`)
}

/** "Add all" stops at the most a book holds: the first posts by date. */
async function allAction({ request, session, book }: IntentArgs) {
  const { posts, max } = await postChoices(db, book)
  const ids = posts.slice(0, max).map((p) => p.id)
  const saved = await choosePosts(db, book, ids)
  if (!saved.ok) return data({ error: saved.error, chosen: ids }, 400)
  drawInBackground(book.id)
  return await redirectWithToast(request, session, `/ebook/${book.id}/posts`, { kind: 'success', key: 'ebook.allChosen', values: { count: ids.length } })
}

// A send that fails in the network keeps the page and says so (decision 0072, ui/send-safely.ts).
export const clientAction = (args: Route.ClientActionArgs) => sendSafely(args)

export default function ChoosePosts({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT()
  const { bookId, block, journalName, studentName, posts, min, max } = loaderData
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting'
  // What the form shows as chosen: the book's choice, or what was just sent back with a message.
  const initial = actionData?.chosen ?? loaderData.chosen
  const [chosen, setChosen] = useState(() => new Set(initial))
  const [shownFrom, setShownFrom] = useState(initial)
  if (shownFrom !== initial) {
    setShownFrom(initial)
    setChosen(new Set(initial))
  }
  // Without JavaScript nothing is disabled (a box ticked cannot update the page): the server checks the limits.
  const hydrated = useHydrated()
  const full = hydrated && chosen.size >= max
  const toggle = (id: number, on: boolean) =>
    setChosen((old) => {
      const next = new Set(old)
      if (on) next.add(id)
      else next.delete(id)
      return next
    })
  return (
    <>
      <EbookSteps bookId={bookId} current={1} block={block} />
      <h1>{t('ebook.postsTitle')}</h1>
      <p className="hint">{t('ebook.postsOf', { journal: journalName, name: studentName })}</p>
      {posts.length === 0 ? (
        <p className="empty">{t('ebook.noPosts')}</p>
      ) : (
        <Form method="post" className="ebook-choose">
          <p className="choose-count" aria-live="polite">
            {t('ebook.chosenCount', { count: chosen.size, max, min })}
          </p>
          {actionData?.error ? <ErrorList errors={[withValues(actionData.error, { count: actionData.error === 'ebook.tooFew' ? min : max })]} /> : null}
          <ul className="post-choices">
            {posts.map((p) => {
              const on = chosen.has(p.id)
              return (
                <li key={p.id} className={on ? 'chosen' : undefined}>
                  <label>
                    {/* At the most a book holds, posts not chosen cannot be added (the server refuses more, too). */}
                    <input type="checkbox" name="postId" value={p.id} checked={on} disabled={!on && full} onChange={(e) => toggle(p.id, e.currentTarget.checked)} />
                    <span className="choice-title">{p.title}</span>
                    <time dateTime={p.diaryDate}>{p.diaryDate}</time>
                  </label>
                  <details>
                    <summary>{t('ebook.showPost', { title: p.title })}</summary>
                    <ol className="frame-preview">
                      {p.frames.map((f, i) => (
                        <li key={i}>
                          {f.picture ? <img src={f.picture} alt="" loading="lazy" width={96} height={72} /> : null}
                          <span>{f.text}</span>
                        </li>
                      ))}
                    </ol>
                  </details>
                </li>
              )
            })}
          </ul>
          <div className="form-actions sticky-actions">
            <button type="submit" name="intent" value="all" className="button secondary" disabled={busy}>
              {t('ebook.chooseAll', { max })}
            </button>
            <button type="submit" name="intent" value="next" className="button" disabled={busy || (hydrated && chosen.size < min)} aria-describedby="choose-rule">
              {t('ebook.saveAndNext')}
            </button>
            <span id="choose-rule" className="hint">
              {t('ebook.chooseRule', { min, count: max })}
            </span>
          </div>
        </Form>
      )}
    </>
  )
}
