import { useT } from '~/i18n/use-t'

/** The bench's floor: the same server and document, no loader, no data. */
export default function BenchFloor() {
  const { t } = useT()
  return (
    <main id="main">
      <h1>{t('app.name')}</h1>
    </main>
  )
}
