import type { InputHTMLAttributes, ReactNode } from 'react'
import { useT } from '~/i18n/use-t'
import { splitError } from '~/shared/error-values'
import type { FieldView } from './server-form'

/**
 * A control's attributes from its field, as conform's `getInputProps` gives them: here so that a
 * page whose forms are checked by the server only (`useServerForm`) loads no form library.
 */
export function controlProps(field: FieldView, hintId?: string) {
  const invalid = field.errors !== undefined
  return {
    id: field.id,
    name: field.name,
    form: field.formId,
    required: field.required || undefined,
    minLength: field.minLength,
    maxLength: field.maxLength,
    'aria-invalid': invalid || undefined,
    'aria-describedby': invalid ? `${field.errorId} ${hintId ?? ''}`.trim() : hintId,
    defaultValue: typeof field.initialValue === 'string' ? field.initialValue : undefined,
  }
}

/** Error keys from schemas and feature functions are locale keys; this shows them translated. */
export function ErrorList({ id, errors }: { id?: string; errors?: string[] }) {
  const { t } = useT()
  if (!errors?.length) return null
  return (
    <div id={id}>
      {errors.map((e) => {
        const [key, values] = splitError(e)
        return (
          <p key={e} className="field-error" role="alert">
            {t(key as never, values)}
          </p>
        )
      })}
    </div>
  )
}

/** One field error inline (a table cell): its key translated with the values it carries. */
export function ErrorText({ error }: { error: string }) {
  const { t } = useT()
  const [key, values] = splitError(error)
  return <span className="field-error">{t(key as never, values)}</span>
}

type InputType = 'text' | 'password' | 'email' | 'search' | 'tel'

/** The id of a field's hint, when it has one: its control is described by it. */
export const hintIdOf = (field: FieldView, hint?: string) => (hint ? `${field.id}-hint` : undefined)

/** What follows every field's control: its hint (a line of its own, or a span beside a short control) and its errors. */
export function FieldNotes({ field, hint, inline = false }: { field: FieldView; hint?: string; inline?: boolean }) {
  const Hint = inline ? 'span' : 'p'
  return (
    <>
      {hint ? (
        <Hint id={hintIdOf(field, hint)} className="hint">
          {hint}
        </Hint>
      ) : null}
      <ErrorList id={field.errorId} errors={field.errors} />
    </>
  )
}

export function TextField({
  field,
  label,
  type = 'text',
  hint,
  after,
  inputProps,
}: {
  field: FieldView
  label: string
  type?: InputType
  hint?: string
  after?: ReactNode
  inputProps?: InputHTMLAttributes<HTMLInputElement>
}) {
  const hintId = hintIdOf(field, hint)
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      <input type={type} {...controlProps(field, hintId)} {...inputProps} />
      <FieldNotes field={field} hint={hint} inline />
      {after}
    </div>
  )
}

/** A labelled textarea with its hint and errors, like TextField. */
export function TextAreaField({ field, label, hint, rows = 3, maxLength }: { field: FieldView; label: string; hint?: string; rows?: number; maxLength?: number }) {
  const hintId = hintIdOf(field, hint)
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      <textarea {...controlProps(field, hintId)} rows={rows} maxLength={maxLength} />
      <FieldNotes field={field} hint={hint} />
    </div>
  )
}
