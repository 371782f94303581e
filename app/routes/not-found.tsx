import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { Route } from './+types/not-found'
import { getInstance } from '~/i18n/middleware.server'
import { MessagePage } from '~/ui/message-page'

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]
export const loader = ({ context }: Route.LoaderArgs) => ({ title: getInstance(context).t('pages.notFoundTitle') })

export default function NotFound() {
  const { t } = useTranslation()
  return (
    <MessagePage title={t('pages.notFoundTitle')}>
      <p>{t('pages.notFoundText')}</p>
      <Link to="/diary">{t('pages.home')}</Link>
    </MessagePage>
  )
}
