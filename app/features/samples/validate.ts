import { parseWithZod } from '@conform-to/zod/v4'
import { SampleSchema } from './schema'

// Browser-side validators, loaded lazily by the forms (ui/lazy-validation.ts).
/** Any invalid field also gives the form's "input incomplete" (spec 2 section 5); server and browser alike. */
export function validateSample({ formData }: { formData: FormData }) {
  const submission = parseWithZod(formData, { schema: SampleSchema })
  if (submission.status === 'error' && submission.error) submission.error[''] = ['samples.inputIncomplete']
  return submission
}
