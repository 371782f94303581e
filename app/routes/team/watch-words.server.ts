import { parseWithZod } from '@conform-to/zod/v4'
import { data, redirect } from 'react-router'
import type { AppSession } from '~/auth/session-storage.server'
import { redirectWithToast } from '~/auth/toast.server'
import { db } from '~/db/db.server'
import { WatchWordSchema } from '~/features/alerts/schema'
import { addWatchWord, removeWatchWord, WatchWordsForbidden, type WatchScope } from '~/features/alerts/watch-words.server'
import { parseId } from '~/shared/lists'

/** The intents of the watch-word forms, on a journal's settings page and on the team page. */
export const WATCH_INTENTS = ['watch-add', 'watch-remove'] as const
export const isWatchIntent = (intent: unknown): intent is (typeof WATCH_INTENTS)[number] => WATCH_INTENTS.includes(intent as (typeof WATCH_INTENTS)[number])

/**
 * A school's watch words (decision 0062), added or removed from the page that lists
 * them, the same for a journal's list and a team's: the form parsed by its schema, the feature
 * checking the right again (a teacher who may not change the list gets 403, whatever the page
 * showed), a bad or repeated word answered at its field with nothing written, and a done change
 * told by a toast on the page again, at the list (`backTo`). It answers the request (a toast, a
 * redirect, a status), so it stands with the pages, not in the alerts area: beside the team page,
 * whose list is the school's, and the journal's settings page (routes/journal/edit.tsx) uses it too.
 */
export async function watchWordFromPage(request: Request, session: AppSession, form: FormData, at: { userId: number; scope: WatchScope; backTo: string }) {
  try {
    if (form.get('intent') === 'watch-remove') {
      const wordId = parseId(form.get('wordId'))
      // A word removed already (a double click, another admin): the list as it is now, with nothing to say.
      if (!wordId || !(await removeWatchWord(db, at.userId, at.scope, wordId))) return redirect(`${at.backTo}#watch-words`)
      return await redirectWithToast(request, session, `${at.backTo}#watch-words`, { kind: 'success', key: 'watchWords.wordRemoved' })
    }
    const submission = parseWithZod(form, { schema: WatchWordSchema })
    if (submission.status !== 'success') return data({ watchWord: submission.reply() }, 400)
    const added = await addWatchWord(db, at.userId, at.scope, submission.value)
    if (!added.ok) return data({ watchWord: submission.reply({ fieldErrors: added.fieldErrors }) }, 400)
    return await redirectWithToast(request, session, `${at.backTo}#watch-words`, { kind: 'success', key: 'watchWords.wordAdded', values: { word: submission.value.phrase } })
  } catch (error) {
    if (error instanceof WatchWordsForbidden) throw data(null, { status: 403 })
    throw error
  }
}
