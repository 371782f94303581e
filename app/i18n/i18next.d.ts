import 'i18next'
import type en from './locales/en/translation.json'
import type enSignedIn from './locales/en/signed-in.json'
import type enStudent from './locales/en/student.json'
import type enServer from './locales/en/server.json'
import type enContests from './locales/en/contests.json'
import type enAssessments from './locales/en/assessments.json'
import type enAlerts from './locales/en/alerts.json'
import type enEbooks from './locales/en/ebooks.json'
import type enPrivacy from './locales/en/privacy.json'
import type enInsights from './locales/en/insights.json'
import type enSchool from './locales/en/school.json'
import type enReport from './locales/en/report.json'
import type enLists from './locales/en/lists.json'
import type enCounsel from './locales/en/counsel.json'
import type enPost from './locales/en/post.json'
import type enAlertList from './locales/en/alert-list.json'
import type enFeed from './locales/en/feed.json'

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation'
    // One namespace made of several files (locales/README.md). Keys of signed-in.json may be used only
    // under the console and student layouts, of student.json only on the student pages, of contests.json only on the quest and contest pages,
    // of assessments.json only on the quiz pages, of alerts.json only on the alert pages, of counsel.json only on the counsellor's pages, of alert-list.json only on a journal's alert list, of ebooks.json only on the e-book pages, of insights.json only on the Feedback and Patterns pages and a student's page, of privacy.json only on a student's data pages, of feed.json only on a journal's news feed, of post.json only on a post's page and its revision page, of lists.json only on the journal list and a journal's lists, of report.json only on the report and the pages that show its charts, of school.json only on the pages a teacher opens now and then (team, import, plan codes, vouchers, settings, invitations, exports, samples), of server.json only in server code (a section may be split between a page part and server.json: notification).
    resources: { translation: typeof en & typeof enSignedIn & typeof enStudent & typeof enContests & typeof enAssessments & typeof enAlerts & typeof enEbooks & typeof enInsights & typeof enPrivacy & typeof enSchool & typeof enReport & typeof enLists & typeof enCounsel & typeof enPost & typeof enAlertList & typeof enFeed & typeof enServer }
  }
}
