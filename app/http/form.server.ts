import {
  FormDataParseError,
  MaxFilesExceededError,
  MaxFileSizeExceededError,
  MaxHeaderSizeExceededError,
  MaxPartsExceededError,
  MaxTotalSizeExceededError,
  MultipartParseError,
  parseFormData,
} from '@remix-run/form-data-parser'
import { data } from 'react-router'

/**
 * What one form may send (docs/decisions/0029-form-reader.md). The body is counted while it streams
 * and reading stops at the limit, so an oversized or endless body never sits in memory whole.
 */
export const FORM_LIMITS = {
  /** Every field of an ordinary form together; the longest text field is 2,000 characters. */
  fieldBytes: 1024 * 1024,
  /** Fields of one form (the class-list preview posts back 7 per row, 2,000 rows at most). */
  parts: 16_000,
  /**
   * One uploaded file, as read. A feature refuses a file over its own limit (5 MB) with a message on
   * its form; past this one the request is cut off with 413.
   */
  fileBytes: 10 * 1024 * 1024,
} as const

/** The largest body any form may send: the server refuses a larger declared Content-Length at once. */
export const MAX_BODY_BYTES = FORM_LIMITS.fieldBytes + FORM_LIMITS.fileBytes

const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data']

/**
 * The one way an action reads its body: a form (URL-encoded, or multipart with `files` for the
 * uploads a page takes). A body that is not a form is a 400 and a body over the limits a 413, both
 * thrown as responses the error page shows, never a server error.
 */
export async function readForm(request: Request, { files = 0 }: { files?: number } = {}): Promise<FormData> {
  const type = request.headers.get('Content-Type')?.split(';')[0].trim().toLowerCase() ?? ''
  if (!FORM_TYPES.includes(type)) throw data(null, { status: 400 })
  try {
    return await parseFormData(request, {
      maxFiles: files,
      maxFileSize: files ? FORM_LIMITS.fileBytes : FORM_LIMITS.fieldBytes,
      maxParts: FORM_LIMITS.parts,
      maxTotalSize: FORM_LIMITS.fieldBytes + files * FORM_LIMITS.fileBytes,
    })
  } catch (error) {
    if (isTooLarge(error)) throw data(null, { status: 413 })
    // A missing or wrong boundary, a cut-off body, bytes that are no form.
    if (error instanceof FormDataParseError || error instanceof MultipartParseError || error instanceof TypeError) throw data(null, { status: 400 })
    throw error
  }
}

function isTooLarge(error: unknown) {
  return (
    error instanceof MaxTotalSizeExceededError ||
    error instanceof MaxFileSizeExceededError ||
    error instanceof MaxPartsExceededError ||
    error instanceof MaxFilesExceededError ||
    error instanceof MaxHeaderSizeExceededError
  )
}
