import { useEffect, useState } from 'react'
import type { ShownToast } from '~/shared/toast'
import { useT } from '~/i18n/use-t'

export const TOAST_MS = 3000 // spec 1 and 3: toasts of 3000 ms
export const SNACKBAR_MS = 2000 // spec 1 and 2: snackbars of 2000 ms

/**
 * The message an action left for this page. It fades by CSS alone after its time, so it also works
 * without JavaScript; an error stays. The close button is a <details> summary: it closes the
 * message with or without JavaScript.
 */
export function Toast({ toast }: { toast: ShownToast | null }) {
  const { t } = useT()
  const [open, setOpen] = useState(true)
  const ms = toast?.kind === 'error' ? null : toast?.snackbar ? SNACKBAR_MS : TOAST_MS
  // With JavaScript it also leaves the page after its time, so nothing invisible stays on top.
  useEffect(() => {
    if (ms === null) return
    const timer = setTimeout(() => setOpen(false), ms + 500)
    return () => clearTimeout(timer)
  }, [ms])
  if (!toast || !open) return null
  return (
    <details open className={`toast ${toast.kind}${toast.snackbar ? ' snackbar' : ''}${ms === null ? '' : ' fades'}`} style={ms === null ? undefined : ({ '--toast-ms': `${ms}ms` } as React.CSSProperties)}>
      <summary aria-label={t('app.dismiss')} title={t('app.dismiss')}>
        <span aria-hidden="true">×</span>
      </summary>
      <p role={toast.kind === 'error' ? 'alert' : 'status'}>{toast.text}</p>
    </details>
  )
}
