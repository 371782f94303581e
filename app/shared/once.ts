/**
 * The hidden field that carries a form's one-time key (decision 0072). The shared form
 * component (ui/form.tsx) writes it into every form that posts; the form reader (http/form.server.ts)
 * claims it for the action wrapped in `once` (http/once.server.ts).
 */
export const ONCE_FIELD = '_once'

/** Where the guards send a signed-out request: a form sent there is parked until sign-in (decision 0074). */
export const SIGN_IN_PATHS = ['/login/check', '/s/login']

/** The page that sends a parked form after sign-in: the student pages' own for a student's form. */
export const resumePath = (formPath: string, key: string) => `${formPath.startsWith('/s/') ? '/s' : ''}/resume/${key}`

/** The hidden field that names a form's draft (ui/drafts.ts), for the resume page to end it. */
export const DRAFT_FIELD = '_draft'
