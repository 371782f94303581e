import { FastLink } from './fast-link'
import { NoScriptRefresh } from './no-script-refresh'
import { usePolling } from './polling'

const POLL_MS = 2000

/**
 * What the class's job pages share (decision 0053: the e-books, the parent-meeting pack): the way back
 * to the students, the title and intro, and while the job runs, its data read again every 2 s
 * (or the page refreshed without JavaScript); texts are the page's own.
 */
export function ClassJobHead({ journalId, studentsLabel, title, intro, running }: { journalId: number; studentsLabel: string; title: string; intro: string; running: boolean }) {
  usePolling(running, POLL_MS)
  return (
    <>
      <nav className="breadcrumbs">
        <FastLink to={`/diary/homework/${journalId}/student`}>{studentsLabel}</FastLink> › <span>{title}</span>
      </nav>
      <h1>{title}</h1>
      <p className="hint">{intro}</p>
      {running ? <NoScriptRefresh seconds={3} /> : null}
    </>
  )
}

/** A running job's bar: students done of all. */
export const ClassJobProgress = ({ done, total, label }: { done: number; total: number; label: string }) => <progress max={total} value={done} aria-label={label} />
