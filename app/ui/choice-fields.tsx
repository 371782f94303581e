import { getInputProps, getSelectProps, type FieldMetadata } from '@conform-to/react'
import { ErrorList } from './field'

// Select, radio group and checkbox fields for conform forms, with their error lists.
export function Select({ field, label, hint, options }: { field: FieldMetadata<string | undefined>; label: string; hint?: string; options: { value: string; label: string }[] }) {
  const hintId = hint ? `${field.id}-hint` : undefined
  const { key, ...props } = getSelectProps(field, { ariaDescribedBy: hintId })
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      <select key={key} {...props}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {hint ? (
        <p id={hintId} className="hint">
          {hint}
        </p>
      ) : null}
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  )
}

export function Choice({ field, legend, options }: { field: FieldMetadata<string | undefined>; legend?: string; options: { value: string; label: string; swatch?: number }[] }) {
  const chosen = field.value ?? field.initialValue
  const inputs = (
    <div className="choices">
      {options.map((o) => (
        <label key={o.value} className={o.swatch ? 'swatch' : undefined}>
          <input type="radio" name={field.name} value={o.value} defaultChecked={chosen === o.value} aria-invalid={field.errors ? true : undefined} />
          {o.swatch ? <span className={`dot label-${o.swatch}`} aria-hidden /> : null}
          <span className={o.swatch ? 'visually-hidden' : undefined}>{o.label}</span>
        </label>
      ))}
    </div>
  )
  if (!legend) return (
    <>
      {inputs}
      <ErrorList id={field.errorId} errors={field.errors} />
    </>
  )
  return (
    <fieldset className="field">
      <legend>{legend}</legend>
      {inputs}
      <ErrorList id={field.errorId} errors={field.errors} />
    </fieldset>
  )
}

export function Check({ field, label, hint }: { field: FieldMetadata<string | undefined>; label: string; hint?: string }) {
  const hintId = hint ? `${field.id}-hint` : undefined
  const { key, ...props } = getInputProps(field, { type: 'checkbox', ariaDescribedBy: hintId })
  return (
    <div className="field check">
      <label>
        <input key={key} {...props} /> {label}
      </label>
      {hint ? (
        <span id={hintId} className="hint">
          {hint}
        </span>
      ) : null}
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  )
}
