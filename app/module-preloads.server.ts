/**
 * A returning browser has the scripts in its cache, and reading each of the ~14 module preloads
 * from it is a task of its own (3–4 ms each at a school PC's speed) that Chromium runs while the
 * page parses, before its first paint (traced, decision 0058). So for such a browser the preloads that
 * React puts in the head go at the end of the body, after the content; on a first visit they stay
 * first, where they start the downloads early. React skips unexpected tags at the end of the body
 * when it hydrates.
 */
export function preloadsAfterContent(html: string) {
  const headEnd = html.indexOf('</head>')
  const bodyEnd = html.lastIndexOf('</body>')
  if (headEnd < 0 || bodyEnd < headEnd) return html
  const preloads: string[] = []
  const head = html.slice(0, headEnd).replace(/<link rel="modulepreload"[^>]*>/g, (tag) => {
    preloads.push(tag)
    return ''
  })
  return head + html.slice(headEnd, bodyEnd) + preloads.join('') + html.slice(bodyEnd)
}
