import { forwardRef, useCallback, useEffect, useId, useRef, useState, useSyncExternalStore, type FormEvent } from 'react'
import { Form as RouterForm, useActionData, useNavigation, useRouteLoaderData, type FormProps } from 'react-router'
import { useT } from '~/i18n/use-t'
import { DRAFT_FIELD, ONCE_FIELD, SIGN_IN_PATHS } from '~/shared/once'
import { clearDraft, clearDraftsOf, draftKey, readDraft, restoreDraft, saveDraft, valuesOf, type Draft } from './drafts'
import { unsentSends } from './send-safely'

type ConsoleFormProps = FormProps & {
  /** Keep what is typed as a draft in the browser under this name (with the signed-in person), offered back until sent (ui/drafts.ts). */
  draft?: string
  /** The sign-out form: every draft of the person is removed as it is sent (school PCs are shared). */
  signsOut?: boolean
  /** A key made before (a form parked while its sender was signed out, routes/resume.tsx) instead of a new one. */
  onceKey?: string
  /** The draft this form sends for another (the resume page's, decision 0074): ended when the send is answered, never offered here. */
  endsDraft?: string
}

type RootData = { onceSeed?: string; draftOwner?: string | null }

/**
 * The console's form (decision 0072): React Router's `<Form>`, and a form that posts
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
export const Form = forwardRef<HTMLFormElement, ConsoleFormProps>(function Form(props, ref) {
  const method = props.method?.toLowerCase() ?? 'get'
  if (method === 'get' || props.reloadDocument) {
    const { draft: _, signsOut: __, onceKey: ___, endsDraft: ____, ...rest } = props
    return <RouterForm ref={ref} {...rest} />
  }
  return <SendingForm ref={ref} {...props} />
})

const newKey = () => crypto.randomUUID()
/** The guards' sign-in redirects and the pages they lead to. */
const SIGN_IN_PAGES = [...SIGN_IN_PATHS, '/login']
/** The server's page, and the browser's first draw of it (the root marks the page hydrated after). */
const drawnByServer = () => typeof document === 'undefined' || !('hydrated' in document.documentElement.dataset)

/** The form's one-time key; `renew` after a send that was answered. */
function useOnceKey(given?: string) {
  const id = useId()
  const seed = useRouteLoaderData<RootData>('root')?.onceSeed ?? 'page'
  const [key, setKey] = useState(() => given ?? (drawnByServer() ? `${seed}${id.replace(/[^\w]/g, '')}` : newKey()))
  const renew = useCallback(() => setKey(newKey()), [])
  return [key, renew] as const
}

/** An answer that refuses the form (conform's reply with errors, alone or as `result`): the draft stays. */
const refuses = (answer: unknown): boolean => {
  if (typeof answer !== 'object' || answer === null) return false
  const { status, result } = answer as { status?: unknown; result?: unknown }
  return status === 'error' || refuses(result)
}

const SendingForm = forwardRef<HTMLFormElement, ConsoleFormProps>(function SendingForm({ children, onSubmit, onInput, draft, signsOut, onceKey, endsDraft, ...props }, ref) {
  const { t, i18n } = useT()
  const [key, renew] = useOnceKey(onceKey)
  const owner = useRouteLoaderData<RootData>('root')?.draftOwner ?? null
  const formRef = useRef<HTMLFormElement | null>(null)
  const setRef = useCallback(
    (el: HTMLFormElement | null) => {
      formRef.current = el
      if (typeof ref === 'function') ref(el)
      else if (ref) ref.current = el
    },
    [ref],
  )
  const stored = draft && owner ? draftKey(owner, draft) : null
  const ended = (draft ?? endsDraft) && owner ? draftKey(owner, (draft ?? endsDraft)!) : null
  const [offer, setOffer] = useState<Draft | null>(null)
  const drawn = useRef('')
  useEffect(() => {
    const form = formRef.current
    if (!stored || !form) return
    drawn.current = JSON.stringify(valuesOf(form))
    const saved = readDraft(stored)
    setOffer(saved && JSON.stringify(saved.values) !== drawn.current ? saved : null)
  }, [stored])
  const navigation = useNavigation()
  const answer = useActionData()
  const sending = navigation.state !== 'idle' && navigation.formData?.get(ONCE_FIELD) === key
  const unsent = useSyncExternalStore(unsentSends.subscribe, unsentSends.get, () => null)
  const failed = unsent !== null && unsent.key === key
  // A failed send's message is under the submit button, often below the fold of a long form: bring it into view.
  const statusRef = useRef<HTMLParagraphElement | null>(null)
  useEffect(() => {
    if (failed) statusRef.current?.scrollIntoView?.({ block: 'nearest' })
  }, [failed])

  // A send that ended with the server's answer used the key up: the next send is a new one. An
  // answer that does not refuse the form ends its draft (a page left after the answer: a redirect).
  const wasSending = useRef(false)
  const answered = useRef(false)
  useEffect(() => {
    // Sent to sign in (the session had ended): not an answer; the draft waits for the person's return (decision 0074).
    if (sending && navigation.state === 'loading' && !failed && !SIGN_IN_PAGES.includes(navigation.location?.pathname ?? '')) answered.current = true
    if (wasSending.current && !sending && !failed) {
      renew()
      if (ended && !refuses(answer)) clearDraft(ended)
      answered.current = false
    }
    wasSending.current = sending
  }, [sending, failed, renew, navigation.state, navigation.location, ended, answer])
  useEffect(
    () => () => {
      if (answered.current && ended) clearDraft(ended)
    },
    [ended],
  )

  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (sending) {
      event.preventDefault()
      return
    }
    onSubmit?.(event)
    if (event.defaultPrevented) return
    unsentSends.sending(key, answer)
    if (signsOut) clearDraftsOf(owner)
  }
  const keep = (event: Parameters<NonNullable<FormProps['onInput']>>[0]) => {
    onInput?.(event)
    if (stored && formRef.current) saveDraft(stored, formRef.current, drawn.current)
  }
  const answerOffer = (restore: boolean) => {
    const form = formRef.current
    if (form && offer && restore) restoreDraft(form, offer)
    if (!restore && stored) clearDraft(stored)
    setOffer(null)
    form?.querySelector<HTMLElement>('input:not([type=hidden]), textarea, select')?.focus()
  }

  return (
    <RouterForm ref={setRef} {...props} onSubmit={submit} onInput={keep} aria-busy={sending || undefined}>
      <input type="hidden" name={ONCE_FIELD} value={key} />
      {/* Named to the server so that a form parked at sign-in ends its draft once sent from the resume page (decision 0074). */}
      {draft ? <input type="hidden" name={DRAFT_FIELD} value={draft} /> : null}
      {offer ? (
        <div className="notice draft-offer">
          <p>{t('draft.found', { when: new Date(offer.at).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }) })}</p>
          <button type="button" className="button" onClick={() => answerOffer(true)}>
            {t('draft.restore')}
          </button>{' '}
          <button type="button" className="button secondary" onClick={() => answerOffer(false)}>
            {t('draft.discard')}
          </button>
        </div>
      ) : null}
      {children}
      <p ref={statusRef} className={failed ? 'send-status notice' : 'send-status'} aria-live="polite">
        {failed ? (unsent.offline ? t('send.offline') : t('send.lost')) : sending ? t('send.sending') : null}
      </p>
    </RouterForm>
  )
})
