/** Accounts compare without case and surrounding space: "Teacher@Demo.test " is teacher@demo.test. */
export const normalizeAccount = (account: string) => account.trim().toLowerCase()
