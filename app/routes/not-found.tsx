import type { Route } from './+types/not-found'
import { getInstance } from '~/i18n/middleware.server'
import { NotFoundNotice } from '~/ui/error-notices'

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]
export const loader = ({ context }: Route.LoaderArgs) => ({ title: getInstance(context).t('pages.notFoundTitle') })

export default NotFoundNotice
