/**
 * A person without a picture: their initials on a colour of their own, so a list of students does
 * not show a column of identical "S". Initials: a Chinese or Japanese name's given name (its last
 * two characters; the first of each part when it is written in two), a Latin name's first and last initials, or its first letter and its number
 * ("Student 07" → "S7"). The colour comes from the id, so a student keeps it on every page.
 */
const PALETTE = ['#dcefe4', '#fde6d2', '#e3e6fb', '#fbe0e6', '#e0f0f6', '#f3ecd0', '#ece1f5', '#e2f2d5'] // light, under dark text (≥ 7:1)

export function initialsOf(name: string) {
  const words = name.trim().split(/\s+/).filter(Boolean)
  if (words.length === 0) return '?'
  const cjk = words.filter((w) => /[\u3040-\u30ff\u3400-\u9fff]/.test(w))
  if (cjk.length >= 2) return [...cjk[0]][0] + [...cjk[1]][0]
  if (cjk.length === 1) return [...cjk[0]].slice(-2).join('')
  const first = [...words[0]][0].toUpperCase()
  if (words.length === 1) return first
  const last = words[words.length - 1]
  if (/^\d+$/.test(last)) return `${first}${Number(last)}`
  return `${first}${[...last][0].toUpperCase()}`
}

export function Avatar({ name, seed, large = false }: { name: string; seed: number; large?: boolean }) {
  return (
    <span className={large ? 'avatar large' : 'avatar'} style={{ background: PALETTE[Math.abs(seed) % PALETTE.length] }} aria-hidden>
      {initialsOf(name)}
    </span>
  )
}
