import type { Route } from './+types/sample'
import { requireUser } from '~/auth/guards.server'
import { getInstance } from '~/i18n/middleware.server'

/**
 * /student/sample.csv: a class file to fill in, its name translated (spec 1 section 9). UTF-8 with
 * a byte-order mark, so that Excel opens the Chinese and Japanese text correctly.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context)
  const { t } = getInstance(context)
  const rows = [
    t('import.sampleHeading'),
    '2026,5,01,1,王小明,wang01,kid-pass-1',
    '2026,5,01,2,林美美,lin02,kid-pass-2',
    '2026,5,02,1,Amy Chen,amy03,kid-pass-3',
  ]
  const name = `${t('import.sampleFile')}.csv`
  return new Response(`\uFEFF${rows.join('\r\n')}\r\n`, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="sample.csv"; filename*=UTF-8''${encodeURIComponent(name)}`,
    },
  })
}
