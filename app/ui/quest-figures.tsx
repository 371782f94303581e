import { useT } from '~/i18n/use-t'
import { Facts } from './facts'

/** A quest's (or a day's) completion rate, completers and average score, 2 decimals (spec 2 and 3). */
export function QuestFigures({ figures, className = 'inline' }: { figures: { rate: number; completers: number; average: number | null }; className?: string }) {
  const { t } = useT()
  return (
    <Facts
      className={className}
      items={[
        [t('quest.rate'), `${figures.rate}%`],
        [t('quest.completers'), figures.completers],
        [t('quest.average'), figures.average === null ? '—' : figures.average.toFixed(2)],
      ]}
    />
  )
}
