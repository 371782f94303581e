import { useEffect, useState } from 'react'
import { useT } from '~/i18n/use-t'
import { useHydrated } from './hydrated'

/** Copies a text; "Copied" shows for 2 s (spec 2 section 9). Rendered only once scripts run. */
export function CopyButton({ text }: { text: string }) {
  const { t } = useT()
  const hydrated = useHydrated()
  const [copied, setCopied] = useState(false)
  useEffect(() => {
    if (!copied) return
    const timer = setTimeout(() => setCopied(false), 2000)
    return () => clearTimeout(timer)
  }, [copied])
  if (!hydrated) return null
  return (
    <button
      type="button"
      className="button secondary small"
      onClick={() =>
        navigator.clipboard.writeText(text).then(
          () => setCopied(true),
          (e: unknown) => console.warn('copy failed', e), // spec 2 section 8: logged only
        )
      }
    >
      <span aria-live="polite">{copied ? t('journal.copied') : t('journal.copy')}</span>
    </button>
  )
}
