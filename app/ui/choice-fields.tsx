import { controlProps, ErrorList, FieldNotes, hintIdOf } from './field'
import type { FieldView } from './server-form'

// Select and radio group fields, with their error lists (conform's fields and the server forms' alike); the checkbox is in check-field.tsx.
export function Select({ field, label, hint, options }: { field: FieldView; label: string; hint?: string; options: { value: string; label: string }[] }) {
  const hintId = hintIdOf(field, hint)
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      <select {...controlProps(field, hintId)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldNotes field={field} hint={hint} />
    </div>
  )
}

export function Choice({ field, legend, options }: { field: FieldView; legend?: string; options: { value: string; label: string; swatch?: number }[] }) {
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
