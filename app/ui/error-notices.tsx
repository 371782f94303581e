import { useT } from '~/i18n/use-t'
import { Link } from 'react-router'
import { MessagePage } from './message-page'
import { SupportContact } from './support-contact'

/** The not-found notice: /404, the catch-all and any 404 thrown by a loader. */
export function NotFoundNotice() {
  const { t } = useT()
  return (
    <MessagePage title={t('pages.notFoundTitle')}>
      <p>{t('pages.notFoundText')}</p>
      <Link to="/diary">{t('pages.home')}</Link>
    </MessagePage>
  )
}

/** The system-error notice with the support contact: /error and unexpected errors. */
export function SystemErrorNotice() {
  const { t } = useT()
  return (
    <MessagePage title={t('pages.errorTitle')}>
      <p>{t('pages.errorText')}</p>
      <SupportContact />
      <Link to="/diary">{t('pages.home')}</Link>
    </MessagePage>
  )
}

/** A page the user may not open (403): someone else's journal, an owner-only action. */
export function ForbiddenNotice() {
  const { t } = useT()
  return (
    <MessagePage title={t('pages.forbiddenTitle')}>
      <p>{t('pages.forbiddenText')}</p>
      <Link to="/diary">{t('pages.home')}</Link>
    </MessagePage>
  )
}

/** A body the console cannot read as a form (400): a stale or foreign page, a broken upload. */
export function BadRequestNotice() {
  const { t } = useT()
  return (
    <MessagePage title={t('pages.badRequestTitle')}>
      <p>{t('pages.badRequestText')}</p>
      <Link to="/diary">{t('pages.home')}</Link>
    </MessagePage>
  )
}

/** A form or file over the limits of the form reader (413, app/http/form.server.ts). */
export function TooLargeNotice() {
  const { t } = useT()
  return (
    <MessagePage title={t('pages.tooLargeTitle')}>
      <p>{t('pages.tooLargeText')}</p>
      <Link to="/diary">{t('pages.home')}</Link>
    </MessagePage>
  )
}
