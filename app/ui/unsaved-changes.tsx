import { useEffect, useRef } from 'react'
import { useBlocker } from 'react-router'
import { useT } from '~/i18n/use-t'

/**
 * Asks before leaving a form with unsaved changes (with JavaScript): closing or reloading the tab
 * gets the browser's own question; a link or a page switch inside the product gets this dialog
 * (stay, or leave without saving). Sending the form itself (to the same address) is never stopped.
 */
export function UnsavedChanges({ dirty }: { dirty: boolean }) {
  const { t } = useT()
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname + currentLocation.search !== nextLocation.pathname + nextLocation.search)
  const ref = useRef<HTMLDialogElement>(null)
  useEffect(() => {
    if (!dirty) return
    const ask = (e: BeforeUnloadEvent) => e.preventDefault()
    window.addEventListener('beforeunload', ask)
    return () => window.removeEventListener('beforeunload', ask)
  }, [dirty])
  useEffect(() => {
    const dialog = ref.current
    if (blocker.state === 'blocked' && dialog && !dialog.open) dialog.showModal()
  }, [blocker.state])
  if (blocker.state !== 'blocked') return null
  return (
    <dialog ref={ref} className="dialog alert" role="alertdialog" aria-labelledby="unsaved-title" onCancel={() => blocker.reset()}>
      <h2 id="unsaved-title" className="dialog-title">
        {t('ebook.unsavedTitle')}
      </h2>
      <p>{t('ebook.unsavedText')}</p>
      <div className="form-actions">
        <button type="button" className="button danger" onClick={() => blocker.proceed()}>
          {t('ebook.leave')}
        </button>
        <button type="button" className="button secondary" autoFocus onClick={() => blocker.reset()}>
          {t('ebook.stay')}
        </button>
      </div>
    </dialog>
  )
}
