import type { PrintBlock } from '~/features/ebooks/books.server'
import { useT } from '~/i18n/use-t'
import { FastLink } from '~/ui/fast-link'

const STEPS = [
  { n: 1, path: 'posts', key: 'ebook.stepPosts' },
  { n: 2, path: 'basicinfo', key: 'ebook.stepInfo' },
  { n: 3, path: 'list', key: 'ebook.stepPages' },
] as const

/**
 * The e-book's step bar (spec 3): 1 choose posts, 2 basic info, 3 pages, 4 print. Step 4 is
 * disabled until the book is ready (`block` null: printBlock), and says what it waits for.
 */
export function EbookSteps({ bookId, current, block }: { bookId: number; current: 1 | 2 | 3 | 4; block: PrintBlock | null }) {
  const { t } = useT()
  const ready = block === null
  return (
    <nav className="ebook-steps" aria-label={t('ebook.steps')}>
      <ol>
        {STEPS.map((s) => (
          <li key={s.n} className={s.n === current ? 'current' : undefined}>
            <FastLink to={`/ebook/${bookId}/${s.path}`} aria-current={s.n === current ? 'step' : undefined}>
              <span className="step-n" aria-hidden="true">
                {s.n}
              </span>
              {t(s.key)}
            </FastLink>
          </li>
        ))}
        <li className={current === 4 ? 'current' : ready ? 'ready' : 'disabled'}>
          {ready ? (
            <FastLink to={`/ebook/${bookId}/download`} aria-current={current === 4 ? 'step' : undefined}>
              <span className="step-n" aria-hidden="true">
                4
              </span>
              {t('ebook.stepPrint')}
              <span className="step-state">{t('ebook.ready')}</span>
            </FastLink>
          ) : (
            <span aria-disabled="true">
              <span className="step-n" aria-hidden="true">
                4
              </span>
              {t('ebook.stepPrint')}
              <span className="step-state">{t(block === 'basicInfo' ? 'ebook.notReadyInfo' : 'ebook.notReady')}</span>
            </span>
          )}
        </li>
      </ol>
    </nav>
  )
}
