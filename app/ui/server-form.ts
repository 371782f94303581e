import type { SubmissionResult } from '@conform-to/react'
import { useEffect, useRef } from 'react'
import { useNavigation } from 'react-router'

/** What a field component needs of a field: conform's field metadata and `useServerForm`'s both fit. */
export type FieldView = {
  id: string
  name: string
  formId: string
  errorId: string
  errors?: string[]
  initialValue?: unknown
  value?: unknown
  required?: boolean
  minLength?: number
  maxLength?: number
}

type FormView = { id: string; errorId: string; errors?: string[] }

/**
 * A short form checked by the server only (decision 0055): a comment, a code, an alert's note.
 * It shows the errors of the action's answer (the same `SubmissionResult` that conform forms read,
 * from the same zod schema) with the ids and ARIA attributes `useConsoleForm` gives, and moves the
 * focus to the first field in error, as conform does. It loads no form library: the pages teachers
 * open most (the journal list, a post, an alert) stay within their JavaScript budget (decision 0055).
 * A long form, where checking each field as it is typed helps, uses `useConsoleForm`.
 */
export function useServerForm<Schema extends Record<string, unknown>>({
  id,
  lastResult,
  defaultValue,
}: {
  id: string
  lastResult?: SubmissionResult<string[]> | null
  defaultValue?: { [K in keyof Schema]?: string }
}) {
  const navigation = useNavigation()
  const errors = lastResult?.error ?? {}
  // Without JavaScript the page is drawn again from the answer: the fields keep what was sent.
  const values: Record<string, unknown> = { ...defaultValue, ...(lastResult?.initialValue ?? {}) }
  const field = (name: string): FieldView => ({
    id: `${id}-${name}`,
    name,
    formId: id,
    errorId: `${id}-${name}-error`,
    errors: errors[name] ?? undefined,
    initialValue: values[name],
  })
  const fields = new Proxy({} as { [K in keyof Schema]-?: FieldView }, { get: (_, name) => field(String(name)) })
  const form: FormView = { id, errorId: `${id}-error`, errors: errors[''] ?? undefined }

  const formRef = useRef<HTMLFormElement>(null)
  useEffect(() => {
    if (lastResult?.status !== 'error') return
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [lastResult])

  return {
    form,
    fields,
    formProps: { id, ref: formRef, noValidate: true, 'aria-describedby': form.errors ? form.errorId : undefined },
    busy: navigation.state === 'submitting',
  }
}
