import { parseWithZod } from '@conform-to/zod/v4'
import { EraseSchema, FamilyPackSchema } from './schema'

// Browser-side validator of the erasure form, loaded lazily (ui/lazy-validation.ts).
export const validateErase = (account: string) => ({ formData }: { formData: FormData }) => parseWithZod(formData, { schema: EraseSchema(account) })
export const validateFamilyPack = ({ formData }: { formData: FormData }) => parseWithZod(formData, { schema: FamilyPackSchema })
