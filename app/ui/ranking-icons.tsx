// The ranking's icons, drawn inline (no picture to fetch, no emoji font needed on a school PC).
const CROWN_COLOURS = ['#8a6d00', '#5f6b73', '#8c4a1c'] as const

/** A crown for places 1 to 3 (gold, silver, bronze), with its place as its name. */
export function Crown({ place, label }: { place: number; label: string }) {
  return (
    <span className="crown" role="img" aria-label={label}>
      <svg width="22" height="18" viewBox="0 0 22 18" aria-hidden focusable="false">
        <path d="M1 5l5 4 5-8 5 8 5-4-2 12H3z" fill={CROWN_COLOURS[place - 1] ?? CROWN_COLOURS[2]} />
      </svg>
      <span aria-hidden>{place}</span>
    </span>
  )
}

/** The medal of a student with 30 posts or more. */
export function Medal({ label }: { label: string }) {
  return (
    <span className="medal" role="img" aria-label={label} title={label}>
      <svg width="16" height="20" viewBox="0 0 16 20" aria-hidden focusable="false">
        <path d="M3 0h4l1 6-3 1zM13 0H9l-1 6 3 1z" fill="#a34f12" />
        <circle cx="8" cy="13" r="6" fill="#8a6d00" />
      </svg>
    </span>
  )
}
