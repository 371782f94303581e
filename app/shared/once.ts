/**
 * The hidden field that carries a form's one-time key (issue 50, decision 0072). The shared form
 * component (ui/form.tsx) writes it into every form that posts; the form reader (http/form.server.ts)
 * claims it for the action wrapped in `once` (http/once.server.ts).
 */
export const ONCE_FIELD = '_once'
