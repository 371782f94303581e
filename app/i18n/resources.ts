import en from './locales/en/translation.json'
import enServer from './locales/en/server.json'
import enSignedIn from './locales/en/signed-in.json'
import enStudent from './locales/en/student.json'
import enContests from './locales/en/contests.json'
import enAssessments from './locales/en/assessments.json'
import enAlerts from './locales/en/alerts.json'
import enEbooks from './locales/en/ebooks.json'
import enPrivacy from './locales/en/privacy.json'
import enInsights from './locales/en/insights.json'
import enSchool from './locales/en/school.json'
import enReport from './locales/en/report.json'
import enLists from './locales/en/lists.json'
import enCounsel from './locales/en/counsel.json'
import enPost from './locales/en/post.json'
import enAlertList from './locales/en/alert-list.json'
import enFeed from './locales/en/feed.json'
import ja from './locales/ja/translation.json'
import jaServer from './locales/ja/server.json'
import jaSignedIn from './locales/ja/signed-in.json'
import jaStudent from './locales/ja/student.json'
import jaContests from './locales/ja/contests.json'
import jaAssessments from './locales/ja/assessments.json'
import jaAlerts from './locales/ja/alerts.json'
import jaEbooks from './locales/ja/ebooks.json'
import jaPrivacy from './locales/ja/privacy.json'
import jaInsights from './locales/ja/insights.json'
import jaSchool from './locales/ja/school.json'
import jaReport from './locales/ja/report.json'
import jaLists from './locales/ja/lists.json'
import jaCounsel from './locales/ja/counsel.json'
import jaPost from './locales/ja/post.json'
import jaAlertList from './locales/ja/alert-list.json'
import jaFeed from './locales/ja/feed.json'
import zhTW from './locales/zh-TW/translation.json'
import zhTWServer from './locales/zh-TW/server.json'
import zhTWSignedIn from './locales/zh-TW/signed-in.json'
import zhTWStudent from './locales/zh-TW/student.json'
import zhTWContests from './locales/zh-TW/contests.json'
import zhTWAssessments from './locales/zh-TW/assessments.json'
import zhTWAlerts from './locales/zh-TW/alerts.json'
import zhTWEbooks from './locales/zh-TW/ebooks.json'
import zhTWPrivacy from './locales/zh-TW/privacy.json'
import zhTWInsights from './locales/zh-TW/insights.json'
import zhTWSchool from './locales/zh-TW/school.json'
import zhTWReport from './locales/zh-TW/report.json'
import zhTWLists from './locales/zh-TW/lists.json'
import zhTWCounsel from './locales/zh-TW/counsel.json'
import zhTWPost from './locales/zh-TW/post.json'
import zhTWAlertList from './locales/zh-TW/alert-list.json'
import zhTWFeed from './locales/zh-TW/feed.json'

/** Two dictionaries merged section by section (their sections may share a name). */
function merged<A extends Record<string, object>, B extends Record<string, object>>(a: A, b: B): A & B {
  const out: Record<string, object> = { ...a }
  for (const [k, v] of Object.entries(b)) out[k] = { ...(out[k] ?? {}), ...v }
  return out as A & B
}
type Merged<T extends object[]> = T extends [infer A, ...infer R extends object[]] ? A & Merged<R> : unknown
/** A language's parts in one dictionary, with every part's keys typed. */
const mergedAll = <T extends Record<string, object>[]>(...parts: T) => parts.reduce((a, b) => merged(a, b), {}) as Merged<T>

// Server side: every locale, every part, with the texts only the server writes (server.json: comment
// suggestions, spreadsheet headings), which the browser never downloads. The browser loads the
// current locale's translation.json, signed-in.json on the console and student pages, student.json on the student pages, and
// contests.json on the quest and contest pages, assessments.json on the quiz pages, alerts.json on the risk-alert pages, counsel.json with it on the counsellor's pages, alert-list.json with it on a journal's alert list, ebooks.json on the e-book pages, insights.json on the Feedback and Patterns pages and a student's page, privacy.json on a student's data pages, feed.json on a journal's news feed, post.json on a post's page and its revision page, lists.json on the journal list and a journal's lists of students and posts, report.json on the emotion report and the pages that show its charts and periods (Feedback, Patterns, a student's page), school.json on the pages a teacher opens now and then (the team, import, plan codes, vouchers, account settings, invitations, exports, the sample library) (client-resources.ts).
export const resources = {
  en: { translation: mergedAll(en, enSignedIn, enStudent, enContests, enAssessments, enAlerts, enEbooks, enInsights, enPrivacy, enSchool, enReport, enLists, enCounsel, enPost, enAlertList, enFeed, enServer) },
  'zh-TW': { translation: mergedAll(zhTW, zhTWSignedIn, zhTWStudent, zhTWContests, zhTWAssessments, zhTWAlerts, zhTWEbooks, zhTWInsights, zhTWPrivacy, zhTWSchool, zhTWReport, zhTWLists, zhTWCounsel, zhTWPost, zhTWAlertList, zhTWFeed, zhTWServer) },
  ja: { translation: mergedAll(ja, jaSignedIn, jaStudent, jaContests, jaAssessments, jaAlerts, jaEbooks, jaInsights, jaPrivacy, jaSchool, jaReport, jaLists, jaCounsel, jaPost, jaAlertList, jaFeed, jaServer) },
}
