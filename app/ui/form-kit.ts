import { getFormProps, useForm, type Submission } from '@conform-to/react'
import { useNavigation } from 'react-router'
import { useLazyValidation } from './lazy-validation'

type FormOptions<Schema extends Record<string, unknown>, Output> = Parameters<typeof useForm<Schema, Output>>[0]

/**
 * The console's forms, set up once (decision 0027): conform validates on submit and again on every
 * input after that, with the form's zod schema fetched when the user first touches the form (see
 * lazy-validation.ts); the browser's own validation stays off so that the messages are the spec's;
 * until the schema has arrived, typing revalidates nothing (conform would otherwise post a
 * "validate" request that is no form of this console: a fast typist on a slow PC saw an error page);
 * the server checks the same schema in the action (a browser without JavaScript gets its answer
 * from there). `formProps` go on the `<Form>`; `busy` disables the submit button while it is sent.
 */
export function useConsoleForm<Schema extends Record<string, unknown>, Output = Schema>({
  load,
  ...options
}: Omit<FormOptions<Schema, Output>, 'onValidate' | 'shouldValidate' | 'shouldRevalidate'> & {
  id: string
  /** The validator of the form's schema, e.g. `() => import('~/features/auth/validate').then((m) => m.validateLogin)`. */
  load: () => Promise<(context: { formData: FormData }) => Submission<Schema, string[], Output>>
}) {
  const navigation = useNavigation()
  const { onValidate, formEvents } = useLazyValidation(load)
  const [form, fields] = useForm<Schema, Output>({ ...options, onValidate, shouldValidate: 'onSubmit', shouldRevalidate: onValidate ? 'onInput' : 'onSubmit' })
  return {
    form,
    fields,
    formProps: { ...getFormProps(form), ...formEvents, noValidate: true },
    busy: navigation.state === 'submitting',
  }
}
