import type { Route } from './+types/error'
import { getInstance } from '~/i18n/middleware.server'
import { SystemErrorNotice } from '~/ui/error-notices'
import { pageMeta } from '~/ui/page-title'

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(loaderData?.title, matches)
export const loader = ({ context }: Route.LoaderArgs) => ({ title: getInstance(context).t('pages.errorTitle') })

/** /error: the system met an error; support contact details. */
export default SystemErrorNotice
