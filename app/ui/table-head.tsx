import type { ReactNode } from 'react'

/**
 * A column's heading: its words; `{ hidden }` for words only a screen reader reads (a column of
 * buttons, links or marks); `{ label, className }` for a heading styled like its cells. A falsy
 * column (a column the table shows only sometimes) is left out.
 */
export type Column = ReactNode | { hidden: string } | { label: ReactNode; className: string }

const isHidden = (c: Column): c is { hidden: string } => typeof c === 'object' && c !== null && 'hidden' in c
const isStyled = (c: Column): c is { label: ReactNode; className: string } => typeof c === 'object' && c !== null && 'label' in c && 'className' in c

/** The head of a data table: one row of column headings (`scope="col"`). */
export function TableHead({ columns }: { columns: Column[] }) {
  return (
    <thead>
      <tr>
        {columns.map((c, i) =>
          c === null || c === undefined || c === false ? null : isHidden(c) ? (
            <th key={i} scope="col">
              <span className="visually-hidden">{c.hidden}</span>
            </th>
          ) : isStyled(c) ? (
            <th key={i} scope="col" className={c.className}>
              {c.label}
            </th>
          ) : (
            <th key={i} scope="col">
              {c}
            </th>
          ),
        )}
      </tr>
    </thead>
  )
}
