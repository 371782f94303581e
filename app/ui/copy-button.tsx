import { useEffect, useState } from 'react'
import { useT } from '~/i18n/use-t'
import { useHydrated } from './hydrated'

/** Copies a text; "Copied" shows for 2 s (spec 2 section 9). Rendered only once scripts run. Pages without the signed-in texts pass their own labels. */
export function CopyButton({ text, labels }: { text: string; labels?: { copy: string; copied: string } }) {
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
      <span aria-live="polite">{copied ? (labels?.copied ?? t('journal.copied')) : (labels?.copy ?? t('journal.copy'))}</span>
    </button>
  )
}
