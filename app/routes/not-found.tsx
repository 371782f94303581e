import type { Route } from './+types/not-found'
import { getInstance } from '~/i18n/middleware.server'
import { NotFoundNotice } from '~/ui/error-notices'
import { pageMeta } from '~/ui/page-title'

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(loaderData?.title, matches)
export const loader = ({ context }: Route.LoaderArgs) => ({ title: getInstance(context).t('pages.notFoundTitle') })

export default NotFoundNotice
