import { reactRouter } from '@react-router/dev/vite'
import { fileURLToPath } from 'node:url'
import type { ManualChunkMeta } from 'rollup'
import { defineConfig } from 'vite'

/**
 * The browser's chunks (decision 0055). Rollup makes a chunk for each set of pages that
 * share modules, so a signed-in page loaded about twenty chunks of under 1 KB, each with its own
 * gzip window and import lines: gzipped together they are a third smaller. Two chunks replace them:
 * `floor`, what the root and the browser entry load on every page (the framework, the dictionary
 * loader, the shell's small parts), and `signed-in-kit`, the small modules most signed-in pages use.
 * Both are named here, because a manual chunk takes in every dependency not named elsewhere.
 */
const SIGNED_IN_KIT = [
  'app/ui/avatar.tsx',
  'app/features/notifications/components/notification-items.tsx',
  'app/features/posts/components/mood-tags.tsx',
  'app/ui/server-form.ts',
  'app/shared/dates.ts',
  'app/shared/lists.ts',
  'app/features/statuses.ts',
  'app/features/posts/constants.ts',
  'app/features/posts/names.ts',
  'app/features/journals/constants.ts',
  'app/features/team/constants.ts',
  'app/features/team/roles.ts',
]

let floor: Set<string> | undefined
/** Every module the root route and the browser entry import, statically, however deep. */
function floorModules(meta: ManualChunkMeta) {
  const start = [...meta.getModuleIds()].filter((id) => id.endsWith('/app/root.tsx') || id.endsWith('/app/entry.client.tsx'))
  const seen = new Set<string>()
  const todo = [...start]
  while (todo.length) {
    const id = todo.pop()!
    if (seen.has(id)) continue
    seen.add(id)
    todo.push(...(meta.getModuleInfo(id)?.importedIds ?? []))
  }
  for (const id of start) seen.delete(id)
  return seen
}

function manualChunks(id: string, meta: ManualChunkMeta) {
  floor ??= floorModules(meta)
  if (floor.has(id)) return 'floor'
  if (SIGNED_IN_KIT.some((m) => id.endsWith(m))) return 'signed-in-kit'
  return undefined
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [reactRouter()],
  resolve: {
    alias: [
      { find: /^~\//, replacement: fileURLToPath(new URL('./app/', import.meta.url)) },
      // conform's zod adapter builds its coercion from zod's classic API; the mini API does the same
      // with a third of the bytes (docs/decisions/0003-zod-mini-for-forms.md).
      { find: /^zod\/v4$/, replacement: 'zod/mini' },
    ],
  },
  build: { target: 'es2022', rollupOptions: isSsrBuild ? {} : { output: { manualChunks } } },
}))
