import { useEffect, useId, useLayoutEffect, useRef, type ReactNode } from 'react'
import { Link, useNavigate, useNavigation } from 'react-router'
import { Form } from '~/ui/form'

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

  // Before the browser paints (a layout effect): the dialog is never seen, nor pressed Escape on, as
  // the open non-modal one of the server's markup (the e2e suite's Escape came in that gap).
  useLayoutEffect(() => {
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

/**
 * The confirmation of a destructive action: the question, a form that posts `fields` to the page's
 * action, and the safe way back, which has the focus. The confirm button is disabled while sending.
 */
export function ConfirmDialog({ title, text, closeTo, confirm, cancel, fields }: { title: ReactNode; text?: ReactNode; closeTo: string; confirm: string; cancel: string; fields: Record<string, string | number> }) {
  const busy = useNavigation().state === 'submitting'
  return (
    <Dialog title={title} closeTo={closeTo} alert>
      {text ? <p>{text}</p> : null}
      <Form method="post" className="form-actions">
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <button className="button danger" type="submit" disabled={busy}>
          {confirm}
        </button>
        <Link to={closeTo} preventScrollReset data-autofocus>
          {cancel}
        </Link>
      </Form>
    </Dialog>
  )
}

/**
 * A dialog's footer: the dialog's own buttons (`children`), then the way back to `closeTo`, which
 * has the focus when the dialog opens (the safe choice). `closeClass` styles it as a button.
 */
export function DialogFooter({ closeTo, close, closeClass, children }: { closeTo: string; close: string; closeClass?: string; children?: ReactNode }) {
  return (
    <div className="form-actions">
      {children}
      <Link className={closeClass} to={closeTo} preventScrollReset data-autofocus>
        {close}
      </Link>
    </div>
  )
}

/** A message to acknowledge (a warning, an error): its text and one button that closes it. */
export function NoticeDialog({ title, closeTo, ok, children }: { title: ReactNode; closeTo: string; ok: string; children: ReactNode }) {
  return (
    <Dialog title={title} closeTo={closeTo} alert>
      {children}
      <DialogFooter closeTo={closeTo} close={ok} closeClass="button" />
    </Dialog>
  )
}
