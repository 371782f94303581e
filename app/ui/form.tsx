import { forwardRef, useCallback, useEffect, useId, useRef, useState, useSyncExternalStore, type FormEvent } from 'react'
import { Form as RouterForm, useActionData, useNavigation, useRouteLoaderData, type FormProps } from 'react-router'
import { useT } from '~/i18n/use-t'
import { ONCE_FIELD } from '~/shared/once'
import { unsentSends } from './send-safely'

/**
 * The console's form (issue 50, decision 0072): React Router's `<Form>`, and a form that posts
 * also carries a one-time key, shows that it is sending, and says when a send failed.
 *
 * - The key (hidden field `_once`) is made when the page is drawn: on the server from the page's
 *   seed (the root loader's `onceSeed`, new on every request) and the form's place in the page, so
 *   that hydration draws the same; a form drawn later in the browser, and a form whose send was
 *   answered, takes a new random key. A send whose answer never came keeps its key: sending again
 *   is answered once by the server (http/once.server.ts).
 * - While the form is sent, it is `aria-busy` and its live region says so; a second press then
 *   sends nothing.
 * - When a send failed in the network (ui/send-safely.ts), the live region says, in the page's
 *   language, that it was not sent, or may have been, and that sending again is safe.
 */
export const Form = forwardRef<HTMLFormElement, FormProps>(function Form(props, ref) {
  const method = props.method?.toLowerCase() ?? 'get'
  if (method === 'get' || props.reloadDocument) return <RouterForm ref={ref} {...props} />
  return <SendingForm ref={ref} {...props} />
})

const newKey = () => crypto.randomUUID()
/** The server's page, and the browser's first draw of it (the root marks the page hydrated after). */
const drawnByServer = () => typeof document === 'undefined' || !('hydrated' in document.documentElement.dataset)

/** The form's one-time key; `renew` after a send that was answered. */
function useOnceKey() {
  const id = useId()
  const seed = useRouteLoaderData<{ onceSeed?: string }>('root')?.onceSeed ?? 'page'
  const [key, setKey] = useState(() => (drawnByServer() ? `${seed}${id.replace(/[^\w]/g, '')}` : newKey()))
  const renew = useCallback(() => setKey(newKey()), [])
  return [key, renew] as const
}

const SendingForm = forwardRef<HTMLFormElement, FormProps>(function SendingForm({ children, onSubmit, ...props }, ref) {
  const { t } = useT()
  const [key, renew] = useOnceKey()
  const navigation = useNavigation()
  const answer = useActionData()
  const sending = navigation.state !== 'idle' && navigation.formData?.get(ONCE_FIELD) === key
  const unsent = useSyncExternalStore(unsentSends.subscribe, unsentSends.get, () => null)
  const failed = unsent !== null && unsent.key === key

  // A send that ended with the server's answer used the key up: the next send is a new one.
  const wasSending = useRef(false)
  useEffect(() => {
    if (wasSending.current && !sending && !failed) renew()
    wasSending.current = sending
  }, [sending, failed, renew])

  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (sending) {
      event.preventDefault()
      return
    }
    onSubmit?.(event)
    if (!event.defaultPrevented) unsentSends.sending(key, answer)
  }

  return (
    <RouterForm ref={ref} {...props} onSubmit={submit} aria-busy={sending || undefined}>
      <input type="hidden" name={ONCE_FIELD} value={key} />
      {children}
      <p className={failed ? 'send-status notice' : 'send-status'} aria-live="polite">
        {failed ? (unsent.offline ? t('send.offline') : t('send.lost')) : sending ? t('send.sending') : null}
      </p>
    </RouterForm>
  )
})
