/** emailValidate return codes: -1 on the setup page and -2 in the settings dialog mean "in use". */
export const EMAIL_SEND = { ok: 0, inUseSetup: -1, inUseSettings: -2, tooFast: -3 } as const
/** emailCodeValidate errors. */
export const EMAIL_CODE = { ok: 0, wrongEmail: -1, badCode: -2 } as const

export const EMAIL_CODE_TTL_MS = 30 * 60 * 1000
export const EMAIL_CODE_RESEND_MS = 60 * 1000
export const EMAIL_CODE_MAX_ATTEMPTS = 5
