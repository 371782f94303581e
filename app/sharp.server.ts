/**
 * sharp and its libvips take about 35 MB of memory: loaded at the first picture a process handles
 * (an upload, a post image, a chart PNG), not at start-up (decision 0043).
 */
import type sharpModule from 'sharp'

let loading: Promise<typeof sharpModule> | undefined
export const loadSharp = () => (loading ??= import('sharp').then((m) => m.default))
