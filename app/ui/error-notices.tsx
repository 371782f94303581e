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

/** A body the console cannot read as a form (400): a stale or foreign page, a broken upload. */
export const BadRequestNotice = () => <Notice name="badRequest" />

/** A form or file over the limits of the form reader (413, app/http/form.server.ts). */
export const TooLargeNotice = () => <Notice name="tooLarge" />
