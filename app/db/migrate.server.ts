import { Migrator, type Migration, type MigrationProvider } from 'kysely'
import type { Connection } from './connect.server'
import { foundation } from './migrations/0001-foundation'
import { journalInvitations } from './migrations/0002-journal-invitations'
import { samplesAndBooks } from './migrations/0003-samples-and-books'
import { commentLibrary } from './migrations/0004-comment-library'
import { watchStarRead } from './migrations/0005-watch-star-read'
import { postRevisions } from './migrations/0006-post-revisions'
import { postFlags } from './migrations/0007-post-flags'
import { postPictures } from './migrations/0008-post-pictures'
import { postsByDiaryDate } from './migrations/0009-posts-by-diary-date'
import { postMood } from './migrations/0010-post-mood'
import { accounts } from './migrations/0011-accounts'
import { planCodeAdmin } from './migrations/0012-plan-code-admin'
import { memberAndFrameOrder } from './migrations/0013-member-and-frame-order'
import { accountsAnyCase } from './migrations/0014-accounts-any-case'
import { sentMails } from './migrations/0015-sent-mails'
import { sessionValuesChanged } from './migrations/0016-session-values-changed'
import { questsAndContests } from './migrations/0017-quests-and-contests'
import { assessments } from './migrations/0018-assessments'
import { notifications } from './migrations/0019-notifications'
import { digestsAndAlerts } from './migrations/0020-digests-and-alerts'
import { ebooks } from './migrations/0021-ebooks'
import { ebookExports } from './migrations/0022-ebook-exports'
import { alertVerdicts } from './migrations/0023-alert-verdicts'
import { teamTimeZone } from './migrations/0024-team-time-zone'
import { postAnswers } from './migrations/0030-post-answers'
import { postTopics } from './migrations/0031-post-topics'
import { postMasks } from './migrations/0033-post-masks'
import { writingReminders } from './migrations/0034-writing-reminders'
import { journalPostCounts } from './migrations/0035-journal-post-counts'
import { classJobs } from './migrations/0036-class-jobs'
import { lockedAccounts } from './migrations/0038-locked-accounts'
import { counsellorEscalation } from './migrations/0025-counsellor-escalation'
import { journalLastPost } from './migrations/0037-journal-last-post'
import { childrensData } from './migrations/0026-childrens-data'
import { familyPacksAndConsent } from './migrations/0027-family-packs-and-consent'
import { retention } from './migrations/0028-retention'
import { ebookShareConsent } from './migrations/0029-ebook-share-consent'
import { watchWords } from './migrations/0039-watch-words'
import { formKeys } from './migrations/0040-form-keys'
import { rosters } from './migrations/0041-rosters'
import { rosterSources } from './migrations/0042-roster-sources'

// Migrations are code, listed in order; each is written once for both dialects.
export async function migrate({ db, dialect }: Connection) {
  const provider: MigrationProvider = {
    async getMigrations(): Promise<Record<string, Migration>> {
      return {
        '0001-foundation': foundation(dialect),
        '0002-journal-invitations': journalInvitations,
        '0003-samples-and-books': samplesAndBooks(dialect),
        '0004-comment-library': commentLibrary(dialect),
        '0005-watch-star-read': watchStarRead,
        '0006-post-revisions': postRevisions,
        '0007-post-flags': postFlags,
        '0008-post-pictures': postPictures(dialect),
        '0009-posts-by-diary-date': postsByDiaryDate,
        '0010-post-mood': postMood(dialect),
        '0011-accounts': accounts(dialect),
        '0012-plan-code-admin': planCodeAdmin(dialect),
        '0013-member-and-frame-order': memberAndFrameOrder,
        '0014-accounts-any-case': accountsAnyCase,
        '0015-sent-mails': sentMails(dialect),
        '0016-session-values-changed': sessionValuesChanged,
        '0017-quests-and-contests': questsAndContests(dialect),
        '0018-assessments': assessments(dialect),
        '0019-notifications': notifications(dialect),
        '0020-digests-and-alerts': digestsAndAlerts(dialect),
        '0021-ebooks': ebooks(dialect),
        '0022-ebook-exports': ebookExports(dialect),
        '0023-alert-verdicts': alertVerdicts(),
        '0024-team-time-zone': teamTimeZone(),
        '0030-post-answers': postAnswers(dialect),
        '0031-post-topics': postTopics(),
        '0033-post-masks': postMasks(dialect),
        '0034-writing-reminders': writingReminders(),
        '0035-journal-post-counts': journalPostCounts(dialect),
        '0036-class-jobs': classJobs(dialect),
        '0037-journal-last-post': journalLastPost(dialect),
        '0038-locked-accounts': lockedAccounts(),
        '0025-counsellor-escalation': counsellorEscalation(dialect),
        '0026-childrens-data': childrensData(dialect),
        '0027-family-packs-and-consent': familyPacksAndConsent(dialect),
        '0028-retention': retention(),
        '0029-ebook-share-consent': ebookShareConsent(),
        '0039-watch-words': watchWords(dialect),
        '0040-form-keys': formKeys(),
        '0041-rosters': rosters(dialect),
        '0042-roster-sources': rosterSources(dialect),
      }
    },
  }
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest()
  for (const r of results ?? []) if (r.status === 'Error') console.error(`migration ${r.migrationName} failed`)
  if (error) throw error
}
