import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

let root: string | undefined

/**
 * A data file of the project's own tree (the risk model's weights, the word lists), found from the
 * project's root, the folder of package.json: the same file from the sources (tsx, vitest) and from
 * the built server (build/server/...), which is not beside them.
 */
export function projectFile(...segments: string[]) {
  if (!root) {
    let dir = path.dirname(fileURLToPath(import.meta.url))
    while (!existsSync(path.join(dir, 'package.json')) && path.dirname(dir) !== dir) dir = path.dirname(dir)
    root = dir
  }
  return path.join(root, ...segments)
}
