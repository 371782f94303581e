import i18next, { type i18n as I18n } from 'i18next'
import type { MiddlewareFunction } from 'react-router'
import type { DictionaryPart, Locale } from './config'
import { loaders } from './dictionary-loaders.client'

type Dictionary = Record<string, unknown>

/**
 * The browser's dictionary comes in parts per language, each its own chunk (decision 0019):
 * `public` (sign-in, setup and error pages) with the first page, `signedIn` (the console and the
 * student pages) once a page of those areas shows, `student` (the student's own pages: writing, home,
 * joining; decision 0056) with it there, `contests` (the quest and contest pages,
 * decision 0035) and `assessments` (the quiz pages, decision 0036) and `alerts` (the risk-alert pages, decision 0037) and `counsel` (with it, the counsellor's pages) and `alertList` (with it, a journal's alert list) and `ebooks` (the e-book pages, decision 0039) and `insights` (the Feedback and Patterns pages and a student's patterns, decision 0048) and `privacy` (a student's data: export, erasure, family pack; decision 0047) and `feed` (a journal's news feed) and `post` (a post's page and its revision page) and `lists` (the journal list and a journal's lists of students and posts) and `report` (the emotion report, and with `insights` on the pages that show its charts) and `school` (the team, students' import, plan codes, vouchers, account settings, invitations, exports and the sample library: pages a teacher opens now and then) only on those. Their sections do
 * not overlap.
 */
export { DICTIONARY_PARTS, type DictionaryPart } from './config'

// The parts this page has needed so far: a change of language loads them all again.
const wanted = new Set<DictionaryPart>(['public'])
const loaded = new Set<string>()

export async function loadClientLocale(locale: Locale, parts: Iterable<DictionaryPart> = wanted) {
  const dictionaries = await Promise.all([...parts].map(async (part) => (await loaders[locale][part]()).default))
  for (const part of parts) loaded.add(`${locale}:${part}`)
  return Object.assign({}, ...dictionaries) as Dictionary
}

/** Makes sure a part of the current language is in i18next before a page of its area renders. */
export async function ensureDictionaryPart(i18n: I18n, part: DictionaryPart) {
  wanted.add(part)
  const locale = i18n.language as Locale
  if (loaded.has(`${locale}:${part}`)) return
  i18n.addResourceBundle(locale, 'translation', await loadClientLocale(locale, [part]), true, false)
}

/** The part an area's layout needs, written into the page so the first load fetches it too. */
export const SIGNED_IN_HANDLE = { dictionary: 'signedIn' as DictionaryPart }
/** The student area's layout: the signed-in part and the student pages' own. */
export const STUDENT_AREA_HANDLE = { dictionary: ['signedIn', 'student'] as DictionaryPart[] }
/** The quest and contest pages' part (with the signed-in one their layouts already ask for). */
export const CONTESTS_HANDLE = { dictionary: 'contests' as DictionaryPart }
/** The quiz pages' part (teacher and student). */
export const ASSESSMENTS_HANDLE = { dictionary: 'assessments' as DictionaryPart }
/** The risk-alert pages' part. */
export const ALERTS_HANDLE = { dictionary: 'alerts' as DictionaryPart }
/** A journal's alert list: the alerts' part and the list's own (its explanation and feedback; decision 0056). */
export const ALERT_LIST_HANDLE = { dictionary: ['alerts', 'alertList'] as DictionaryPart[] }
/** The counsellor's pages: the alerts' part and their own (decision 0056). */
export const COUNSEL_HANDLE = { dictionary: ['alerts', 'counsel'] as DictionaryPart[] }
/** The e-book pages' part (their layout asks for it; they use no signed-in texts). */
export const EBOOKS_HANDLE = { dictionary: 'ebooks' as DictionaryPart }
/** A student's data pages' part (export, erasure, family pack: decision 0047). */
export const PRIVACY_HANDLE = { dictionary: 'privacy' as DictionaryPart }
/** A class's e-books (decision 0053): the e-book part, and the privacy part's posts held back under an alert (decision 0063). */
export const CLASS_BOOKS_HANDLE = { dictionary: ['ebooks', 'privacy'] as DictionaryPart[] }
/** A journal's news feed: its search, dates, thermometer and quota (decision 0056). */
export const FEED_HANDLE = { dictionary: 'feed' as DictionaryPart }
/** A post's page and its revision page: comments, the comment library, sending back, scoring (decision 0056). */
export const POST_HANDLE = { dictionary: 'post' as DictionaryPart }
/** The journal list's and a journal's lists' part: students, cases, collection, returned posts (decision 0056). */
export const LISTS_HANDLE = { dictionary: 'lists' as DictionaryPart }
/** A student's page: its posts list, its patterns and the report's period picker. */
export const STUDENT_PAGE_HANDLE = { dictionary: ['insights', 'report', 'lists'] as DictionaryPart[] }
/** The emotion report's part: its charts, periods and tabs (decision 0056). */
export const REPORT_HANDLE = { dictionary: 'report' as DictionaryPart }
/** The Feedback and Patterns pages' part, and a student's page (its patterns section); with the report's, whose period picker and charts they show. */
export const INSIGHTS_HANDLE = { dictionary: ['insights', 'report'] as DictionaryPart[] }
/** The school's administration pages' part: the team, the students' import, plan codes, vouchers. */
export const SCHOOL_HANDLE = { dictionary: 'school' as DictionaryPart }
/** A journal's settings and the team page: the occasional part, and the alerts' concern names a watch word is filed under (decision 0062). */
export const SCHOOL_ALERTS_HANDLE = { dictionary: ['school', 'alerts'] as DictionaryPart[] }
/** A journal's info page: its contest card's part and the occasional part (teachers, invitations). */
export const JOURNAL_INFO_HANDLE = { dictionary: ['contests', 'school'] as DictionaryPart[] }

/**
 * A page's client middleware that loads the parts its handle names before it renders after a client
 * navigation: made from the handle, so the two never disagree.
 */
const dictionaryMiddleware = ({ dictionary }: { dictionary: DictionaryPart | DictionaryPart[] }): MiddlewareFunction<Record<string, unknown>>[] => [
  async (_args, next) => {
    await Promise.all([dictionary].flat().map((part) => ensureDictionaryPart(i18next, part)))
    return next()
  },
]
export const signedInDictionary = dictionaryMiddleware(SIGNED_IN_HANDLE)
export const studentAreaDictionary = dictionaryMiddleware(STUDENT_AREA_HANDLE)
export const contestsDictionary = dictionaryMiddleware(CONTESTS_HANDLE)
export const assessmentsDictionary = dictionaryMiddleware(ASSESSMENTS_HANDLE)
export const alertsDictionary = dictionaryMiddleware(ALERTS_HANDLE)
export const counselDictionary = dictionaryMiddleware(COUNSEL_HANDLE)
export const alertListDictionary = dictionaryMiddleware(ALERT_LIST_HANDLE)
export const ebooksDictionary = dictionaryMiddleware(EBOOKS_HANDLE)
export const privacyDictionary = dictionaryMiddleware(PRIVACY_HANDLE)
export const classBooksDictionary = dictionaryMiddleware(CLASS_BOOKS_HANDLE)
export const insightsDictionary = dictionaryMiddleware(INSIGHTS_HANDLE)
export const reportDictionary = dictionaryMiddleware(REPORT_HANDLE)
export const listsDictionary = dictionaryMiddleware(LISTS_HANDLE)
export const postDictionary = dictionaryMiddleware(POST_HANDLE)
export const feedDictionary = dictionaryMiddleware(FEED_HANDLE)
export const studentPageDictionary = dictionaryMiddleware(STUDENT_PAGE_HANDLE)
export const schoolDictionary = dictionaryMiddleware(SCHOOL_HANDLE)
export const journalInfoDictionary = dictionaryMiddleware(JOURNAL_INFO_HANDLE)
export const schoolAlertsDictionary = dictionaryMiddleware(SCHOOL_ALERTS_HANDLE)
