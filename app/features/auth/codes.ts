/** Return codes of the sign-in and sign-up calls (spec 1 sections 4 and 8). */
export const AUTH_CODES = {
  registered: '01000',
  accountExists: '-01001',
} as const
