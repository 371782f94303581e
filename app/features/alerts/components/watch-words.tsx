import type { SubmissionResult } from '@conform-to/react'
import { Form } from '~/ui/form'
import type { z } from 'zod/mini'
import { CATEGORIES, SEVERITY, type RiskCategory } from '~/features/alerts/categories'
import { WATCH_WORD_MAX } from '~/features/alerts/constants'
import type { WatchWordSchema } from '~/features/alerts/schema'
import { useT } from '~/i18n/use-t'
import { formatDate } from '~/shared/dates'
import { Select } from '~/ui/choice-fields'
import { ErrorList, TextField } from '~/ui/field'
import { useServerForm } from '~/ui/server-form'

export interface WatchWordRow {
  id: number
  phrase: string
  category: RiskCategory
  addedBy: string | null
  addedAt: string
}

/**
 * A school's watch words (decision 0062), on a journal's settings page and on the
 * team page: the list, each word with its concern and who added it, a remove button per word and a
 * small form to add one, for whoever may change the list (the journal's owner, the team's admins;
 * the server checks it again). A journal of a team also shows the team's words, which apply to it.
 * Every form is a plain POST with an intent: it works without JavaScript.
 */
export function WatchWords({
  scope,
  words,
  team,
  editable,
  lastResult,
}: {
  scope: 'journal' | 'team'
  words: WatchWordRow[]
  team?: { name: string; words: WatchWordRow[] } | null
  editable: boolean
  lastResult?: SubmissionResult<string[]>
}) {
  const { t } = useT()
  return (
    <section id="watch-words" className="card watch-words" aria-labelledby="watch-words-title">
      <h2 id="watch-words-title">{t('watchWords.title')}</h2>
      <p className="hint">{t(scope === 'team' ? 'watchWords.teamHint' : 'watchWords.journalHint')}</p>
      <p className="hint">{t('watchWords.matchHint')}</p>
      <WordTable words={words} editable={editable} caption={t(scope === 'team' ? 'watchWords.teamList' : 'watchWords.journalList')} />
      {team ? (
        <>
          <h3>{t('watchWords.fromTeam', { team: team.name })}</h3>
          <p className="hint">{t('watchWords.fromTeamHint')}</p>
          <WordTable words={team.words} editable={false} caption={t('watchWords.fromTeam', { team: team.name })} />
        </>
      ) : null}
      {/* A new key after each change of the list: the form is empty again once a word was added. */}
      {editable ? <AddWord key={words.map((w) => w.id).join(',')} lastResult={lastResult} /> : null}
    </section>
  )
}

function WordTable({ words, editable, caption }: { words: WatchWordRow[]; editable: boolean; caption: string }) {
  const { t } = useT()
  if (!words.length) return <p className="empty">{t('watchWords.none')}</p>
  return (
    <table className="table row-heads">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t('watchWords.word')}</th>
          <th scope="col">{t('watchWords.category')}</th>
          <th scope="col">{t('watchWords.added')}</th>
          {editable ? (
            <th scope="col">
              <span className="visually-hidden">{t('watchWords.remove')}</span>
            </th>
          ) : null}
        </tr>
      </thead>
      <tbody>
        {words.map((w) => (
          <tr key={w.id}>
            <th scope="row">{w.phrase}</th>
            <td>
              {t(`alerts.category_${w.category}`)} <span className="hint">({t(SEVERITY[w.category] === 'high' ? 'watchWords.toldAtOnce' : 'watchWords.toldSameDay')})</span>
            </td>
            <td>{t('watchWords.addedBy', { name: w.addedBy ?? '–', date: formatDate(w.addedAt) })}</td>
            {editable ? (
              <td>
                <Form method="post" className="row-form">
                  <input type="hidden" name="intent" value="watch-remove" />
                  <input type="hidden" name="wordId" value={w.id} />
                  <button type="submit" className="button small secondary" aria-label={t('watchWords.removeOf', { word: w.phrase })}>
                    {t('watchWords.remove')}
                  </button>
                </Form>
              </td>
            ) : null}
          </tr>
        ))}
      </tbody>
    </table>
  )
}

function AddWord({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const { t } = useT()
  const { form, fields, formProps, busy } = useServerForm<z.input<typeof WatchWordSchema>>({ id: 'watch-word', lastResult })
  const options = [
    { value: '', label: t('watchWords.chooseOne') },
    ...CATEGORIES.map((c) => ({ value: c.category, label: `${t(`alerts.category_${c.category}`)} (${t(c.severity === 'high' ? 'watchWords.toldAtOnce' : 'watchWords.toldSameDay')})` })),
  ]
  return (
    <Form method="post" className="watch-add" {...formProps}>
      <input type="hidden" name="intent" value="watch-add" />
      <h3>{t('watchWords.addTitle')}</h3>
      <div className="field-row">
        <TextField field={fields.phrase} label={t('watchWords.phrase')} hint={t('watchWords.phraseHint', { count: WATCH_WORD_MAX })} />
        <Select field={fields.category} label={t('watchWords.category')} options={options} />
      </div>
      <ErrorList id={form.errorId} errors={form.errors} />
      <button className="button" type="submit" disabled={busy}>
        {t('watchWords.add')}
      </button>
    </Form>
  )
}
