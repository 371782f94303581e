import type { Submission } from '@conform-to/react'
import { useCallback, useRef, useState } from 'react'

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnySubmission = Submission<any, string[], any>
export type Validate<S extends AnySubmission> = (context: { formData: FormData }) => S

/**
 * Client validation with the form's zod schema, downloaded when the user first touches the form
 * rather than with the page: low-powered school PCs paint and hydrate sooner. Until it arrives a
 * submit is validated by the server with the same schema (conform submits when there is no
 * `onValidate`).
 */
export function useLazyValidation<S extends AnySubmission>(load: () => Promise<Validate<S>>) {
  const [validate, setValidate] = useState<Validate<S>>()
  const started = useRef(false)
  const start = useCallback(() => {
    if (started.current) return
    started.current = true
    void load().then((v) => setValidate(() => v))
  }, [load])
  return { onValidate: validate, formEvents: { onPointerDownCapture: start, onKeyDownCapture: start, onFocusCapture: start } }
}
