/** Compose types of the download-image dialog (spec 2): bamboo, one panel under another; block, a grid. */
export const COMPOSE_TYPES = { bamboo: '0', block: '2' } as const
export type ComposeType = (typeof COMPOSE_TYPES)[keyof typeof COMPOSE_TYPES]
export const isComposeType = (v: unknown): v is ComposeType => v === '0' || v === '2'
