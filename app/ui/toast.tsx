import type { FlashData } from '~/auth/session-storage.server'
import { useT } from '~/i18n/use-t'

/** A flash message after an action; it fades after 3 s by CSS alone, so it also works without JS. */
export function Toast({ toast }: { toast: FlashData['toast'] | null }) {
  const { t } = useT()
  if (!toast) return null
  return (
    <p className={`toast ${toast.kind}`} role={toast.kind === 'error' ? 'alert' : 'status'}>
      {t(toast.key as never, toast.values ?? {})}
    </p>
  )
}
