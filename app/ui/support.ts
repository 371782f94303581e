/** Support contact shown on the error page and the plan-expired notice (spec 3, error pages). */
export const STUDIO_URL = 'https://mooddiary.app'
export const DOCS_URL = 'https://mooddiary.app/guide'

export const SUPPORT = {
  phone: '+886-2-2700-1234',
  mail: 'support@mooddiary.app',
  chat: '@mooddiary',
} as const
