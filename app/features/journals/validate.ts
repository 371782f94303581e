import { parseWithZod } from '@conform-to/zod/v4'
import { InviteEmailSchema, JoinSchema, JournalSettingsSchema } from './schema'

// Browser-side validators, loaded lazily by the forms (ui/lazy-validation.ts).
export const validateJournalSettings = ({ formData }: { formData: FormData }) => parseWithZod(formData, { schema: JournalSettingsSchema })
export const validateJoin = ({ formData }: { formData: FormData }) => parseWithZod(formData, { schema: JoinSchema })
export const validateInviteEmail = ({ formData }: { formData: FormData }) => parseWithZod(formData, { schema: InviteEmailSchema })
