import { Link, redirect, useSearchParams } from 'react-router'
import { Form } from '~/ui/form'
import type { Route } from './+types/books'
import { requireEbookUser } from '~/auth/ebook-gate.server'
import { db } from '~/db/db.server'
import { ebookList, journalChoices } from '~/features/ebooks/list.server'
import { listParams, parseId } from '~/shared/lists'
import { EBOOKS_HANDLE } from '~/i18n/client-resources'
import { getInstance } from '~/i18n/middleware.server'
import { useT } from '~/i18n/use-t'
import { formatDateTime } from '~/shared/dates'
import { Dialog, DialogFooter } from '~/ui/dialog'
import { FastLink } from '~/ui/fast-link'
import { Pager } from '~/ui/pager'
import { pageMeta } from '~/ui/page-title'
import { TableHead } from '~/ui/table-head'

export const handle = EBOOKS_HANDLE
export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(loaderData?.title, matches)

/**
 * /ebook (spec 3): the books this person may open, searched by author, 10 a page with the total;
 * View opens the print page when the PDF is the book as it is now, the page list otherwise. The
 * choose-a-journal dialog starts a book: a student's own at once, a teacher's from the journal's
 * student list (one book a student).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { maker } = await requireEbookUser(request, context)
  const url = new URL(request.url)
  const journal = parseId(url.searchParams.get('journal'))
  if (journal !== null && (await journalChoices(db, maker)).some((j) => j.id === journal)) throw redirect(maker.kind === 'student' ? `/ebook/student/${journal}` : `/diary/homework/${journal}/student`)
  const { q, page } = listParams(url)
  const [list, journals] = await Promise.all([ebookList(db, maker, { q, page }), journalChoices(db, maker)])
  return { title: getInstance(context).t('ebook.listTitle'), q, ...list, journals, student: maker.kind === 'student' }
}

export default function EbookList({ loaderData }: Route.ComponentProps) {
  const { t } = useT()
  const [params] = useSearchParams()
  const { q, page, rows, total, totalPages, journals, student } = loaderData
  const closeTo = q ? `?q=${encodeURIComponent(q)}` : '/ebook'
  return (
    <>
      <div className="page-head">
        <h1>{t('ebook.listTitle')}</h1>
        <Link className="button" to={`?${new URLSearchParams({ ...(q ? { q } : {}), new: '1' })}`} preventScrollReset>
          {t('ebook.newBook')}
        </Link>
      </div>
      <Form method="get" className="inline-form list-search" role="search">
        <label htmlFor="ebook-q">{t('ebook.searchAuthor')}</label>
        <input id="ebook-q" type="search" name="q" defaultValue={q} key={q} />
        <button type="submit" className="button small secondary">
          {t('ebook.search')}
        </button>
      </Form>
      {rows.length === 0 ? (
        <p className="empty">{t(q ? 'ebook.noMatch' : 'ebook.noBooks')}</p>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <TableHead columns={[t('ebook.bookName'), t('ebook.author'), t('ebook.type'), t('ebook.lastEdit'), t('ebook.lastExport'), { hidden: t('ebook.view') }]} />
            <tbody>
              {rows.map((b) => (
                <tr key={b.id}>
                  <td>{b.name || <span className="hint">{t('ebook.untitled')}</span>}</td>
                  <td>
                    {b.author} <span className="hint">({b.journal})</span>
                  </td>
                  <td>{t(b.madeAs === 'teacher' ? 'ebook.madeByTeacher' : 'ebook.madeByStudent')}</td>
                  <td>{formatDateTime(b.editedAt)}</td>
                  <td>{b.generatedAt ? formatDateTime(b.generatedAt) : '–'}</td>
                  <td>
                    <FastLink className="button small secondary" to={`/ebook/${b.id}/${b.printed ? 'download' : 'list'}`} aria-label={t('ebook.viewBook', { name: b.name || b.author })}>
                      {t('ebook.view')}
                    </FastLink>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="hint">{t('ebook.total', { count: total })}</p>
      <Pager page={page} totalPages={totalPages} labels={{ label: t('ebook.pager'), previous: t('ebook.prevPage'), next: t('ebook.nextPage') }} />
      {params.has('new') ? (
        <Dialog title={t('ebook.chooseJournal')} closeTo={closeTo}>
          {journals.length === 0 ? (
            <p>{t('ebook.noJournals')}</p>
          ) : (
            <Form method="get">
              <div className="field">
                <label htmlFor="ebook-journal">{t('ebook.journal')}</label>
                <select id="ebook-journal" name="journal" aria-describedby="ebook-journal-hint">
                  {journals.map((j) => (
                    <option key={j.id} value={j.id}>
                      {j.name}
                    </option>
                  ))}
                </select>
                <p id="ebook-journal-hint" className="hint">
                  {t(student ? 'ebook.chooseJournalStudent' : 'ebook.chooseJournalTeacher')}
                </p>
              </div>
              <DialogFooter closeTo={closeTo} close={t('ebook.close')}>
                <button type="submit" className="button">
                  {t('ebook.next')}
                </button>
              </DialogFooter>
            </Form>
          )}
        </Dialog>
      ) : null}
    </>
  )
}
