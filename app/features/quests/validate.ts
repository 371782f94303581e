import { parseWithZod } from '@conform-to/zod/v4'
import { ContestSettingsSchema, QuestSchema } from './schema'

// Browser-side validators, loaded lazily by the forms (ui/lazy-validation.ts).
export const validateContestSettings = ({ formData }: { formData: FormData }) => parseWithZod(formData, { schema: ContestSettingsSchema })
export const validateQuest = ({ formData }: { formData: FormData }) => parseWithZod(formData, { schema: QuestSchema })
