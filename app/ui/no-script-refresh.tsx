/**
 * A page that reloads itself (or goes on to `to`) after `seconds`, only in a browser without
 * JavaScript: the meta refresh sits inside <noscript>, written as raw HTML so React neither hoists
 * it into the head nor runs it where a script does the waiting (a timer or a revalidation).
 */
export function NoScriptRefresh({ seconds, to }: { seconds: number; to?: string }) {
  const target = to ? `;url=${to.replace(/[^\w/?=&.-]/g, '')}` : ''
  return <noscript dangerouslySetInnerHTML={{ __html: `<meta http-equiv="refresh" content="${seconds}${target}">` }} />
}
