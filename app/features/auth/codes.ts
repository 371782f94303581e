/** Return codes of the sign-in and sign-up calls (spec 1 sections 4 and 8). */
export const AUTH_CODES = {
  registered: '01000',
  accountExists: '-01001',
  /** Third-party registration: the e-mail already has an account (offer to bind). */
  emailHasAccount: '-010200',
  bindFailed: '-010201',
  bindDuplicate: '-010202',
} as const
