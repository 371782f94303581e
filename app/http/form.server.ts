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
import type { SubmissionResult } from '@conform-to/react'
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
   * its form; past this one the form's page answers 413 with the same message (readUpload).
   */
  fileBytes: 10 * 1024 * 1024,
  /** Room in a declared length for what the limits above do not count: a multipart body's part headers and boundaries. */
  overheadBytes: 1024 * 1024,
} as const

const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data']

/**
 * The one way an action reads its body: a form, URL-encoded or multipart, without files (a page
 * that takes one reads with readUpload). A body that is not a form is a 400 and a body over the
 * limits a 413, both thrown as responses the error page shows, never a server error.
 */
export async function readForm(request: Request): Promise<FormData> {
  const form = await readBody(request, 0)
  if (form === TOO_LARGE) throw data(null, { status: 413 })
  return form
}

/** A body over the form reader's limits: the page answers 413 with its form and the file field's message. */
export const TOO_LARGE = Symbol('too large')

/**
 * The form of a page that takes one file (avatar, post picture, class list, e-book picture): as
 * readForm, but a multipart body over the limits (the page's file form) is TOO_LARGE, for the page
 * to answer with that form and its file field's message, in the user's language. A declared length
 * over them is refused before a byte is read; the server closes the connection after the answer
 * (app/http/close-after-answer.ts).
 */
export async function readUpload(request: Request): Promise<FormData | typeof TOO_LARGE> {
  const form = await readBody(request, 1)
  if (form === TOO_LARGE && !isMultipart(request)) throw data(null, { status: 413 })
  return form
}

/**
 * The answer of a form whose body was not read (TOO_LARGE), for conform: the message on one field.
 * What was typed is not known: the browser keeps it with JavaScript, the page starts afresh without.
 */
export const unreadFormReply = (field: string, message: string): SubmissionResult<string[]> => ({ status: 'error', error: { [field]: [message] }, state: { validated: { [field]: true } } })

/** What runs once a request's form is read: the one-time key's claim of the action's `once` (http/once.server.ts). */
const formReaders = new WeakMap<Request, (form: FormData) => Promise<void>>()
export const onFormRead = (request: Request, reader: (form: FormData) => Promise<void>) => void formReaders.set(request, reader)

const typeOf = (request: Request) => request.headers.get('Content-Type')?.split(';')[0].trim().toLowerCase() ?? ''
const isMultipart = (request: Request) => typeOf(request) === 'multipart/form-data'

async function readBody(request: Request, files: number): Promise<FormData | typeof TOO_LARGE> {
  if (!FORM_TYPES.includes(typeOf(request))) throw data(null, { status: 400 })
  const maxTotalSize = FORM_LIMITS.fieldBytes + files * FORM_LIMITS.fileBytes
  if (Number(request.headers.get('Content-Length') ?? 0) > maxTotalSize + FORM_LIMITS.overheadBytes) return TOO_LARGE
  let form: FormData
  try {
    form = await parseFormData(request, {
      maxFiles: files,
      maxFileSize: files ? FORM_LIMITS.fileBytes : FORM_LIMITS.fieldBytes,
      maxParts: FORM_LIMITS.parts,
      maxTotalSize,
    })
  } catch (error) {
    if (isTooLarge(error)) return TOO_LARGE
    // A missing or wrong boundary, a cut-off body, bytes that are no form.
    if (error instanceof FormDataParseError || error instanceof MultipartParseError || error instanceof TypeError) throw data(null, { status: 400 })
    throw error
  }
  await formReaders.get(request)?.(form)
  return form
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
