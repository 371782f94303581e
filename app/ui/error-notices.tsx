import { useT } from '~/i18n/use-t'
import { Link } from 'react-router'
import { MessagePage } from './message-page'
import { SupportContact } from './support-contact'

type NoticeKey = 'notFound' | 'error' | 'forbidden' | 'badRequest' | 'tooLarge'

/** An error page: its title and text, the support contact where the user needs help, a way home. */
function Notice({ name, support = false }: { name: NoticeKey; support?: boolean }) {
  const { t } = useT()
  return (
    <MessagePage title={t(`pages.${name}Title`)}>
      <p>{t(`pages.${name}Text`)}</p>
      {support ? <SupportContact /> : null}
      <Link to="/diary">{t('pages.home')}</Link>
    </MessagePage>
  )
}

/** The not-found notice: /404, the catch-all and any 404 thrown by a loader. */
export const NotFoundNotice = () => <Notice name="notFound" />

/** The system-error notice with the support contact: /error and unexpected errors. */
export const SystemErrorNotice = () => <Notice name="error" support />

/** A page the user may not open (403): someone else's journal, an owner-only action. */
export const ForbiddenNotice = () => <Notice name="forbidden" />

// 400: a body the console cannot read as a form; 413: a form or file over the form reader's limits.
const NOTICE_OF: Record<number, NoticeKey> = { 400: 'badRequest', 403: 'forbidden', 404: 'notFound', 413: 'tooLarge' }

/**
 * The root's error page for a status, with its own <title> (React puts it in the head): when an
 * action fails no loader has run, so the root's meta has no product name to give.
 */
export function ErrorNotice({ status }: { status: number }) {
  const { t } = useT()
  const name = NOTICE_OF[status] ?? 'error'
  return (
    <>
      <title>{`${t(`pages.${name}Title`)} | ${t('app.name')}`}</title>
      <Notice name={name} support={name === 'error'} />
    </>
  )
}
