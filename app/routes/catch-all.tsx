import { data } from 'react-router'
import type { Route } from './+types/catch-all'
import { getInstance } from '~/i18n/middleware.server'
import { NotFoundNotice } from '~/ui/error-notices'
import { pageMeta } from '~/ui/page-title'

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(loaderData?.title, matches)

/** Any other URL: the not-found notice, with a real 404 status. */
export const loader = ({ context }: Route.LoaderArgs) => data({ title: getInstance(context).t('pages.notFoundTitle') }, 404)

export default NotFoundNotice
