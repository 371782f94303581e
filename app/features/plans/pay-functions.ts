import type { PayFunctionId } from './constants'

/**
 * Whether the user's plan includes a pay function (spec 1: the pay-function map, f3 … f24). The one
 * reading of the map: pages use it to show or hide, `requireFunction` (auth/guards.server.ts) to refuse.
 */
export const hasFunction = (user: { payfunctionMap: Record<string, 0 | 1> }, fn: PayFunctionId) => user.payfunctionMap[fn] === 1
