import { parseWithZod } from '@conform-to/zod/v4'
import { CalendarSchema, RetentionSchema } from './schema'

// Browser-side validator of the school calendar form, loaded lazily (ui/lazy-validation.ts).
export const validateCalendar = ({ formData }: { formData: FormData }) => parseWithZod(formData, { schema: CalendarSchema })
export const validateRetention = ({ formData }: { formData: FormData }) => parseWithZod(formData, { schema: RetentionSchema })
