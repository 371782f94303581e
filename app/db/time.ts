// Timestamps are stored as UTC ISO-8601 strings on both dialects.
export const nowIso = () => new Date().toISOString()
export const isoIn = (ms: number) => new Date(Date.now() + ms).toISOString()
export const isoAgo = (ms: number) => new Date(Date.now() - ms).toISOString()
