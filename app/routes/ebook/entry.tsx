import { useEffect } from 'react'
import { data, Link, useNavigate } from 'react-router'
import type { Route } from './+types/entry'
import { requireEbookUser } from '~/auth/ebook-gate.server'
import { requireOpenedBook } from '~/auth/book-gate.server'
import { EBOOK_ENTRY_DELAY_S } from '~/features/ebooks/constants'
import { parseId } from '~/shared/lists'
import { EBOOKS_HANDLE } from '~/i18n/client-resources'
import { getInstance } from '~/i18n/middleware.server'
import { useT } from '~/i18n/use-t'
import { NoScriptRefresh } from '~/ui/no-script-refresh'
import { pageMeta } from '~/ui/page-title'

export const handle = EBOOKS_HANDLE
export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(loaderData?.title, matches)

/**
 * The e-book's entry (spec 3): /diary/homework/{id}/student/{sid}/ebook from the student page (a
 * teacher), /ebook/student/{id} for a student's own diary. It opens the student's book (made on the
 * first visit), shows the loading picture, then after 2 s goes on to step 1: a timer with
 * JavaScript, a meta refresh without. A journal or student that is not this person's is refused.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireEbookUser(request, context)
  const { maker } = user
  const journalId = parseId('did' in params ? params.did : params.id)
  const studentId = 'did' in params ? maker.userId : parseId(params.sid)
  if (journalId === null || studentId === null) throw data(null, { status: 404 })
  const bookId = await requireOpenedBook(user, journalId, studentId)
  return { next: `/ebook/${bookId}/posts`, title: getInstance(context).t('ebook.opening') }
}

export default function EbookEntry({ loaderData }: Route.ComponentProps) {
  const { t } = useT()
  const navigate = useNavigate()
  const { next } = loaderData
  useEffect(() => {
    const timer = window.setTimeout(() => void navigate(next, { replace: true }), EBOOK_ENTRY_DELAY_S * 1000)
    return () => window.clearTimeout(timer)
  }, [navigate, next])
  return (
    <div className="ebook-entry">
      <NoScriptRefresh seconds={EBOOK_ENTRY_DELAY_S} to={next} />
      <svg className="ebook-loading" viewBox="0 0 120 90" width="160" height="120" aria-hidden="true" focusable="false">
        <path d="M60 18 C45 8 22 8 8 14 V80 C22 74 45 74 60 84 Z" fill="#e6f2ee" stroke="#2f6f5e" strokeWidth="3" />
        <path d="M60 18 C75 8 98 8 112 14 V80 C98 74 75 74 60 84 Z" fill="#fff0e6" stroke="#a34f12" strokeWidth="3" />
        <path className="ebook-page-turn" d="M60 18 C72 10 90 10 100 14 V76 C90 72 72 72 60 80 Z" fill="#ffffff" stroke="#2f6f5e" strokeWidth="2" />
      </svg>
      <div role="status">
        <h1>{t('ebook.opening')}</h1>
      </div>
      <p>
        <Link to={next} replace>
          {t('ebook.openNow')}
        </Link>
      </p>
    </div>
  )
}
