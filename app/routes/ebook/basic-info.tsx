import { parseWithZod } from '@conform-to/zod/v4'
import { getInputProps } from '@conform-to/react'
import { data, redirect } from 'react-router'
import { Form } from '~/ui/form'
import type { z } from 'zod/mini'
import type { Route } from './+types/basic-info'
import { db } from '~/db/db.server'
import { requireBook } from '~/auth/book-gate.server'
import { printBlock, pagesOf, saveBasicInfo } from '~/features/ebooks/books.server'
import { EBOOK_NAME_MAX, EBOOK_TEXT_MAX } from '~/features/ebooks/constants'
import { drawInBackground } from '~/features/ebooks/drawing.server'
import { BasicInfoSchema } from '~/features/ebooks/schema'
import { readForm } from '~/http/form.server'
import { EBOOKS_HANDLE } from '~/i18n/client-resources'
import { getInstance } from '~/i18n/middleware.server'
import { useT } from '~/i18n/use-t'
import { EbookSteps } from '~/features/ebooks/components/ebook-steps'
import { ErrorList, TextAreaField, TextField } from '~/ui/field'
import { useConsoleForm } from '~/ui/form-kit'
import { FastLink } from '~/ui/fast-link'
import { pageMeta } from '~/ui/page-title'
import { once } from '~/http/once.server'
import { sendSafely } from '~/ui/send-safely'

export const handle = EBOOKS_HANDLE
export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(loaderData?.title, matches)

/** Step 2, /ebook/{id}/basicinfo: the book's name, the author intro, thanks, postscript and the message board. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { book } = await requireBook(request, context, params.bookId)
  const pages = await pagesOf(db, book.id)
  // A new book's name starts as the student's diary of the journal; the teacher changes it at will.
  const defaults = { name: book.name || `${book.student}: ${book.journal}`.slice(0, EBOOK_NAME_MAX), aboutAuthor: book.aboutAuthor, thanks: book.thanks, postscript: book.postscript, messageBoard: book.messageBoard ? 'on' : undefined }
  // Step 4 sends a book without its basic info back here, saying why (`?needed=print`).
  const neededToPrint = new URL(request.url).searchParams.get('needed') === 'print'
  return { title: `${getInstance(context).t('ebook.stepInfo')} | ${book.student}`, bookId: book.id, block: printBlock(book, pages), hasPosts: pages.some((p) => p.postId !== null), defaults, neededToPrint }
}

export const action = once(async function action({ request, context, params }: Route.ActionArgs) {
  const { book } = await requireBook(request, context, params.bookId)
  const submission = parseWithZod(await readForm(request), { schema: BasicInfoSchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, 400)
  await saveBasicInfo(db, book, submission.value)
  drawInBackground(book.id)
  return redirect(`/ebook/${book.id}/list`)
})

// A send that fails in the network keeps the page and says so (decision 0072, ui/send-safely.ts).
export const clientAction = (args: Route.ClientActionArgs) => sendSafely(args)

const loadValidator = () => import('~/features/ebooks/validate').then((m) => m.validateBasicInfo)

export default function BasicInfo({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT()
  const { bookId, block, defaults, hasPosts, neededToPrint } = loaderData
  const { form, fields, formProps, busy } = useConsoleForm<z.input<typeof BasicInfoSchema>>({ id: 'ebook-info', lastResult: actionData?.result, defaultValue: defaults, load: loadValidator })
  const textHint = t('ebook.textHint', { count: EBOOK_TEXT_MAX })
  return (
    <>
      <EbookSteps bookId={bookId} current={2} block={block} />
      <h1>{t('ebook.infoTitle')}</h1>
      {neededToPrint && block === 'basicInfo' ? (
        <p className="notice" role="note">
          {t('ebook.infoNeededToPrint')}
        </p>
      ) : null}
      {hasPosts ? null : (
        <p className="notice" role="note">
          {t('ebook.choosePostsFirst')} <FastLink to={`/ebook/${bookId}/posts`}>{t('ebook.stepPosts')}</FastLink>
        </p>
      )}
      <Form method="post" className="card ebook-info" {...formProps}>
        <TextField field={fields.name} label={t('ebook.bookName')} hint={t('ebook.textHint', { count: EBOOK_NAME_MAX })} />
        <TextAreaField field={fields.aboutAuthor} label={t('ebook.aboutAuthor')} hint={textHint} />
        <TextAreaField field={fields.thanks} label={t('ebook.thanks')} hint={textHint} />
        <TextAreaField field={fields.postscript} label={t('ebook.postscript')} hint={textHint} />
        <div className="field checkbox-field">
          <label>
            <input {...getInputProps(fields.messageBoard, { type: 'checkbox', value: 'on' })} key={fields.messageBoard.key} aria-describedby="board-hint" /> {t('ebook.messageBoard')}
          </label>
          <p id="board-hint" className="hint">
            {t('ebook.messageBoardHint')}
          </p>
        </div>
        <ErrorList errors={form.errors} />
        <div className="form-actions">
          <FastLink className="button secondary" to={`/ebook/${bookId}/posts`}>
            {t('ebook.back')}
          </FastLink>
          <button type="submit" className="button" disabled={busy}>
            {t('ebook.saveAndNext')}
          </button>
        </div>
      </Form>
    </>
  )
}
