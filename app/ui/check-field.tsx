import { controlProps, ErrorList } from './field'
import type { FieldView } from './server-form'

// Apart from the other choice fields: the alert page's forms need a select and radios, not a checkbox.

export function Check({ field, label, hint }: { field: FieldView; label: string; hint?: string }) {
  const hintId = hint ? `${field.id}-hint` : undefined
  const { defaultValue, ...props } = controlProps(field, hintId)
  return (
    <div className="field check">
      <label>
        <input type="checkbox" {...props} value="on" defaultChecked={defaultValue === 'on'} /> {label}
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
