import { parseWithZod } from '@conform-to/zod/v4'
import { EscalateSchema, ResolveSchema, SnoozeSchema, StepSchema } from './schema'

// Browser-side validators, loaded lazily by the alert forms (ui/lazy-validation.ts).
export const validateSnooze = ({ formData }: { formData: FormData }) => parseWithZod(formData, { schema: SnoozeSchema })
export const validateResolve = ({ formData }: { formData: FormData }) => parseWithZod(formData, { schema: ResolveSchema })
export const validateEscalate = ({ formData }: { formData: FormData }) => parseWithZod(formData, { schema: EscalateSchema })
export const validateStep = ({ formData }: { formData: FormData }) => parseWithZod(formData, { schema: StepSchema })
