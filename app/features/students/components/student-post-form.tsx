import { getTextareaProps, type SubmissionResult } from '@conform-to/react'
import { Form } from '~/ui/form'
import type { z } from 'zod/mini'
import { BEHAVIOURS, EMOTIONS, isPositiveEmotion } from '~/features/posts/constants'
import type { StudentPostSchema } from '~/features/students/post-schema'
import { useT } from '~/i18n/use-t'
import { ErrorList, TextField } from '~/ui/field'
import { useConsoleForm } from '~/ui/form-kit'
import type { QuestFrame } from '~/features/quests/constants'

export interface QuestPrompt {
  id: number
  title: string
  description: string
  frames: QuestFrame[]
}

/** A frame's example texts, as ideas to start from. */
function Examples({ list }: { list?: string[] }) {
  const { t } = useT()
  if (!list?.length) return null
  return (
    <details className="examples">
      <summary>{t('write.examples')}</summary>
      <ul>
        {list.map((e) => (
          <li key={e}>{e}</li>
        ))}
      </ul>
    </details>
  )
}

/** The behaviour frame's examples, one list per behaviour. */
function BehaviourExamples({ slots }: { slots: string[][] }) {
  const { t } = useT()
  if (!slots.some((s) => s.length)) return null
  return (
    <details className="examples">
      <summary>{t('write.examples')}</summary>
      <ul>
        {slots.map((slot, i) => (slot.length ? <li key={i}>{`${t(`behaviour.${BEHAVIOURS[i].key}`)}: ${slot.join(' / ')}`}</li> : null))}
      </ul>
    </details>
  )
}

const loadValidator = () => import('~/features/students/validate').then((m) => m.validateStudentPost)
type Fields = z.input<typeof StudentPostSchema>

/**
 * The student's post form (decision 0011). With JavaScript, what is typed is also kept in the browser
 * as a draft (`draftKey`, ui/drafts.ts) and offered back after a reload, a crash or a lost
 * connection until it is sent (decision 0072). Without JavaScript the server answers a refused form
 * with everything that was typed.
 */
export function StudentPostForm({
  defaults,
  lastResult,
  submitLabel,
  draftKey,
  keptPicture,
  currentPicture,
  quest,
}: {
  defaults: Partial<Fields>
  lastResult?: SubmissionResult<string[]>
  submitLabel: string
  draftKey: string
  /** A picture the server stored on a refused try: sent again without choosing it again. */
  keptPicture?: string | null
  /** The post's picture when revising: kept unless another is chosen. */
  currentPicture?: string | null
  /** A quest journal's question: its frames' titles and examples guide each part (decision 0035). */
  quest?: QuestPrompt | null
}) {
  const { t } = useT()
  const { form, fields, formProps, busy } = useConsoleForm<Fields>({ id: 'student-post', lastResult, defaultValue: defaults, load: loadValidator })
  const emotions = new Set((fields.emotions.value ?? fields.emotions.initialValue ?? []) as string[])
  const behaviour = fields.behaviour.value ?? fields.behaviour.initialValue
  const frameOf = (type: QuestFrame['type']) => quest?.frames.find((f) => f.type === type)


  return (
    <Form method="post" encType="multipart/form-data" className="card student-post" {...formProps} draft={draftKey}>
      {quest ? (
        <section className="quest-prompt" aria-labelledby="quest-prompt-title">
          <h2 id="quest-prompt-title">{t('write.questLabel', { title: quest.title })}</h2>
          <p>{quest.description}</p>
          <input type="hidden" name={fields.questId.name} value={quest.id} />
          <ErrorList id={fields.questId.errorId} errors={fields.questId.errors} />
        </section>
      ) : null}
      <TextField field={fields.title} label={t('write.title')} inputProps={{ maxLength: 50 }} />
      <div className="field-row">
        <TextField field={fields.diaryDate} label={t('news.diaryDate')} inputProps={{ type: 'date' } as object} />
        <TextField field={fields.location} label={t('news.place')} inputProps={{ maxLength: 30 }} />
        <TextField field={fields.happenTime} label={t('news.time')} inputProps={{ maxLength: 30 }} />
      </div>
      <div className="field">
        <label htmlFor={fields.event.id}>{frameOf('event')?.title ?? t('write.event')}</label>
        <Examples list={frameOf('event')?.samples as string[] | undefined} />
        <textarea {...getTextareaProps(fields.event)} key={fields.event.key} rows={4} maxLength={500} />
        <ErrorList id={fields.event.errorId} errors={fields.event.errors} />
      </div>
      {frameOf('story') ? (
        <div className="field">
          <label htmlFor={fields.story.id}>{frameOf('story')!.title}</label>
          <Examples list={frameOf('story')!.samples as string[]} />
          <textarea {...getTextareaProps(fields.story)} key={fields.story.key} rows={3} maxLength={500} />
          <ErrorList id={fields.story.errorId} errors={fields.story.errors} />
        </div>
      ) : null}
      <div className="field">
        <label htmlFor={fields.picture.id}>{t('write.picture')}</label>
        {keptPicture || currentPicture ? (
          <p className="picture-kept">
            <img src={keptPicture ?? currentPicture ?? ''} alt="" width={96} />
            <span className="hint">{keptPicture ? t('write.pictureKept') : t('write.pictureCurrent')}</span>
          </p>
        ) : null}
        {keptPicture ? <input type="hidden" name="keptPicture" value={keptPicture} /> : null}
        <input id={fields.picture.id} name={fields.picture.name} type="file" accept="image/png,image/jpeg,image/webp" aria-describedby={`${fields.picture.id}-hint`} aria-invalid={fields.picture.errors ? true : undefined} />
        <p className="hint" id={`${fields.picture.id}-hint`}>
          {t('write.pictureHint')}
        </p>
        <ErrorList id={fields.picture.errorId} errors={fields.picture.errors} />
      </div>
      <fieldset className="field">
        <legend>{t('write.emotions')}</legend>
        <div className="emotion-choices">
          {EMOTIONS.map((e) => (
            <label key={e.code} className={isPositiveEmotion(e.code) ? 'tag positive' : 'tag negative'}>
              <input type="checkbox" name={fields.emotions.name} value={e.code} defaultChecked={emotions.has(e.code)} /> {t(`emotion.${e.key}`)}
            </label>
          ))}
        </div>
        <ErrorList id={fields.emotions.errorId} errors={fields.emotions.errors} />
      </fieldset>
      <fieldset className="field">
        <legend>{frameOf('behavior')?.title ?? t('write.behaviour')}</legend>
        <div className="choices">
          {BEHAVIOURS.map((b) => (
            <label key={b.code}>
              <input type="radio" name={fields.behaviour.name} value={String(b.code)} defaultChecked={behaviour === String(b.code)} /> {t(`behaviour.${b.key}`)}
            </label>
          ))}
        </div>
        <ErrorList id={fields.behaviour.errorId} errors={fields.behaviour.errors} />
      </fieldset>
      <div className="field">
        <label htmlFor={fields.behaviourText.id}>{t('write.behaviourText')}</label>
        {frameOf('behavior') ? <BehaviourExamples slots={frameOf('behavior')!.samples as string[][]} /> : null}
        <textarea {...getTextareaProps(fields.behaviourText)} key={fields.behaviourText.key} rows={3} maxLength={500} />
        <ErrorList id={fields.behaviourText.errorId} errors={fields.behaviourText.errors} />
      </div>
      <ErrorList errors={form.errors} />
      <button className="button wide" type="submit" disabled={busy}>
        {submitLabel}
      </button>
    </Form>
  )
}
