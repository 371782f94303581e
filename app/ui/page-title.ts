/**
 * Every page's <title>: its own words, then the product's name (DESIGN rule 10), so a tab, a
 * bookmark and a screen reader's first words say where one is. The root loader gives the
 * localized name; a route's meta passes its own title and the matches.
 */
type Matches = readonly ({ id: string; data?: unknown } | undefined)[]

export function pageMeta(title: string | undefined | null, matches: Matches) {
  const appName = (matches.find((m) => m?.id === 'root')?.data as { appName?: string } | undefined)?.appName ?? ''
  return [{ title: [title, appName].filter(Boolean).join(' | ') }]
}
