import type { ReactNode } from 'react'

/** A centred card for error, loading and confirmation pages. */
export function MessagePage({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <main id="main" className="message-page">
      <section className="card narrow">
        <h1>{title}</h1>
        {children}
      </section>
    </main>
  )
}
