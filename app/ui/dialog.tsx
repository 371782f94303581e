import { useEffect, useId, useRef, type ReactNode } from 'react'
import { useNavigate } from 'react-router'

/**
 * The one dialog of the console, on the native <dialog> (DESIGN rule 9). Its state is in the URL
 * (`?delete=12`, `?edit=name`, ...): the page renders it open when the URL says so and links to
 * `closeTo` to close it, so it works without JavaScript as an open dialog in the page. With
 * JavaScript it becomes a modal: the browser moves focus into it and keeps it there (the rest of
 * the page is inert), Escape closes it (by going to `closeTo`), and focus returns to what opened it.
 *
 * `alert` is for confirmations of destructive actions (role alertdialog).
 */
export function Dialog({ title, closeTo, alert = false, className, children }: { title: ReactNode; closeTo: string; alert?: boolean; className?: string; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const navigate = useNavigate()
  // The latest closeTo, read by the Escape handler without re-running the effect.
  const closeToRef = useRef(closeTo)
  useEffect(() => {
    closeToRef.current = closeTo
  })

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    // Rendered open (non-modal) by the server; reopened as a modal once the script runs.
    if (!dialog.matches(':modal')) {
      dialog.close()
      dialog.showModal()
    }
    // A confirmation puts focus on its safe choice (marked data-autofocus), not on the first button.
    dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus()
    const onCancel = (event: Event) => {
      event.preventDefault()
      void navigate(closeToRef.current, { preventScrollReset: true })
    }
    dialog.addEventListener('cancel', onCancel)
    return () => {
      dialog.removeEventListener('cancel', onCancel)
      if (opener?.isConnected) opener.focus()
    }
  }, [navigate])

  return (
    <dialog ref={ref} open className={`dialog${alert ? ' alert' : ''}${className ? ` ${className}` : ''}`} role={alert ? 'alertdialog' : undefined} aria-labelledby={titleId}>
      <h2 id={titleId} className="dialog-title">
        {title}
      </h2>
      {children}
    </dialog>
  )
}
