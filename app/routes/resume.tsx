import { redirect } from 'react-router'
import type { Route } from './+types/resume'
import { requireSignedIn } from '~/auth/guards.server'
import { requireStudent } from '~/auth/student-gate.server'
import { db } from '~/db/db.server'
import { isFormKey, parkedForm } from '~/features/once/keys.server'
import { getInstance } from '~/i18n/middleware.server'
import { useT } from '~/i18n/use-t'
import { Form } from '~/ui/form'
import { pageMeta } from '~/ui/page-title'
import { DRAFT_FIELD } from '~/shared/once'

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(loaderData?.title, matches)

/**
 * /resume/{key} (a teacher) and /s/resume/{key} (a student): a form that was sent after its
 * session ended, shown once the person has signed in again, to be sent as it was (decision 0074).
 * It is sent with its own one-time key, so a form sent from here and its old page again is saved once.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const student = new URL(request.url).pathname.startsWith('/s/')
  if (student) await requireStudent(request, context)
  else await requireSignedIn(request, context)
  const parked = isFormKey(params.key) ? await parkedForm(db, params.key) : null
  if (!parked || parked.path.startsWith('/s/') !== student) throw redirect(student ? '/s' : '/diary')
  // What was typed, shown before it is sent: the texts (not the choices' codes or ids).
  const texts = parked.fields.filter(([name, value]) => name !== 'intent' && name !== DRAFT_FIELD && /\p{L}/u.test(value) && value.length > 1).map(([, value]) => value)
  return { key: params.key, ...parked, texts, title: getInstance(context).t('resume.title') }
}

export default function ResumePage({ loaderData }: Route.ComponentProps) {
  const { t } = useT()
  const { key, path, fields, texts } = loaderData
  return (
    <section className="card resume">
      <h1>{t('resume.title')}</h1>
      <p>{t('resume.text')}</p>
      {texts.map((text, i) => (
        <blockquote key={i} className="resume-text">
          {text}
        </blockquote>
      ))}
      <Form method="post" action={path} onceKey={key} endsDraft={fields.find(([name]) => name === DRAFT_FIELD)?.[1]}>
        {fields.map(([name, value], i) => (
          <input key={i} type="hidden" name={name} value={value} />
        ))}
        <p className="hint">{t('resume.fileNote')}</p>
        <button type="submit" className="button">
          {t('resume.send')}
        </button>
      </Form>
    </section>
  )
}
