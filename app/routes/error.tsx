import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { Route } from './+types/error'
import { getInstance } from '~/i18n/middleware.server'
import { MessagePage } from '~/ui/message-page'
import { SupportContact } from '~/ui/support-contact'

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]
export const loader = ({ context }: Route.LoaderArgs) => ({ title: getInstance(context).t('pages.errorTitle') })

/** /error: the system met an error; support contact details. */
export default function ErrorPage() {
  const { t } = useTranslation()
  return (
    <MessagePage title={t('pages.errorTitle')}>
      <p>{t('pages.errorText')}</p>
      <SupportContact />
      <Link to="/diary">{t('pages.home')}</Link>
    </MessagePage>
  )
}
