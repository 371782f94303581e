import { diffChars, diffWordsWithSpace } from 'diff'

// Chinese and Japanese have no spaces between words: compare them character by character.
const CJK = /[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff]/

/** The original and the correction side by side: removed text struck through, added text marked. */
export function TextDiff({ original, revised, labels }: { original: string; revised: string; labels: { original: string; revised: string } }) {
  const parts = (CJK.test(original + revised) ? diffChars : diffWordsWithSpace)(original, revised)
  return (
    <div className="text-diff">
      <div>
        <p className="frame-label">{labels.original}</p>
        <p>{parts.map((p, i) => (p.added ? null : p.removed ? <del key={i}>{p.value}</del> : <span key={i}>{p.value}</span>))}</p>
      </div>
      <div>
        <p className="frame-label">{labels.revised}</p>
        <p>{parts.map((p, i) => (p.removed ? null : p.added ? <ins key={i}>{p.value}</ins> : <span key={i}>{p.value}</span>))}</p>
      </div>
    </div>
  )
}
