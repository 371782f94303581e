import { useTranslation } from 'react-i18next'

/** The bench's floor: the same server and document, no loader, no data. */
export default function BenchFloor() {
  const { t } = useTranslation()
  return (
    <main id="main">
      <h1>{t('app.name')}</h1>
    </main>
  )
}
