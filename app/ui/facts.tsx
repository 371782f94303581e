import type { ReactNode } from 'react'

/** Labelled values, as a description list (`inline`: one row, the labels above their values). */
export function Facts({ items, className }: { items: [label: string, value: ReactNode][]; className?: string }) {
  return (
    <dl className={className ? `facts ${className}` : 'facts'}>
      {items.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  )
}
