import { useRouteLoaderData } from 'react-router'
import type { RequestZones } from '~/shared/time-zone'
import { useT } from '~/i18n/use-t'

/**
 * Every time is the school's (decision 0044): a browser whose clock differs is told which zone that is,
 * beside its own, instead of seeing other numbers. Nothing shows where the clocks agree, or before
 * the page script has told the server the browser's zone.
 */
export function ZoneNote() {
  const { t } = useT()
  const root = useRouteLoaderData<RequestZones>('root')
  if (!root?.browserZone) return null
  return <p className="zone-note hint">{t('console.zoneNote', { zone: root.timeZone, browser: root.browserZone })}</p>
}
