import { controlProps, FieldNotes, hintIdOf } from './field'
import type { FieldView } from './server-form'

// Apart from the other choice fields: the alert page's forms need a select and radios, not a checkbox.

export function Check({ field, label, hint }: { field: FieldView; label: string; hint?: string }) {
  const hintId = hintIdOf(field, hint)
  const { defaultValue, ...props } = controlProps(field, hintId)
  return (
    <div className="field check">
      <label>
        <input type="checkbox" {...props} value="on" defaultChecked={defaultValue === 'on'} /> {label}
      </label>
      <FieldNotes field={field} hint={hint} inline />
    </div>
  )
}
