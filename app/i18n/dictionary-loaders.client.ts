import type { DictionaryPart, Locale } from './config'

type Loader = () => Promise<{ default: Record<string, unknown> }>

/**
 * Each part of each language's dictionary, its own chunk in the browser. A `.client` module: the
 * server build gets an empty one, since the server holds every part already (resources.ts) and
 * would otherwise import each file both ways (Vite's build warning; decision 0056).
 */
export const loaders: Record<Locale, Record<DictionaryPart, Loader>> = {
  en: {
    public: () => import('./locales/en/translation.json'),
    signedIn: () => import('./locales/en/signed-in.json'),
    student: () => import('./locales/en/student.json'),
    contests: () => import('./locales/en/contests.json'),
    assessments: () => import('./locales/en/assessments.json'),
    alerts: () => import('./locales/en/alerts.json'),
    ebooks: () => import('./locales/en/ebooks.json'),
    privacy: () => import('./locales/en/privacy.json'),
    insights: () => import('./locales/en/insights.json'),
    school: () => import('./locales/en/school.json'),
    report: () => import('./locales/en/report.json'),
    lists: () => import('./locales/en/lists.json'),
    counsel: () => import('./locales/en/counsel.json'),
    post: () => import('./locales/en/post.json'),
    alertList: () => import('./locales/en/alert-list.json'),
    feed: () => import('./locales/en/feed.json'),
  },
  'zh-TW': {
    public: () => import('./locales/zh-TW/translation.json'),
    signedIn: () => import('./locales/zh-TW/signed-in.json'),
    student: () => import('./locales/zh-TW/student.json'),
    contests: () => import('./locales/zh-TW/contests.json'),
    assessments: () => import('./locales/zh-TW/assessments.json'),
    alerts: () => import('./locales/zh-TW/alerts.json'),
    ebooks: () => import('./locales/zh-TW/ebooks.json'),
    privacy: () => import('./locales/zh-TW/privacy.json'),
    insights: () => import('./locales/zh-TW/insights.json'),
    school: () => import('./locales/zh-TW/school.json'),
    report: () => import('./locales/zh-TW/report.json'),
    lists: () => import('./locales/zh-TW/lists.json'),
    counsel: () => import('./locales/zh-TW/counsel.json'),
    post: () => import('./locales/zh-TW/post.json'),
    alertList: () => import('./locales/zh-TW/alert-list.json'),
    feed: () => import('./locales/zh-TW/feed.json'),
  },
  ja: {
    public: () => import('./locales/ja/translation.json'),
    signedIn: () => import('./locales/ja/signed-in.json'),
    student: () => import('./locales/ja/student.json'),
    contests: () => import('./locales/ja/contests.json'),
    assessments: () => import('./locales/ja/assessments.json'),
    alerts: () => import('./locales/ja/alerts.json'),
    ebooks: () => import('./locales/ja/ebooks.json'),
    privacy: () => import('./locales/ja/privacy.json'),
    insights: () => import('./locales/ja/insights.json'),
    school: () => import('./locales/ja/school.json'),
    report: () => import('./locales/ja/report.json'),
    lists: () => import('./locales/ja/lists.json'),
    counsel: () => import('./locales/ja/counsel.json'),
    post: () => import('./locales/ja/post.json'),
    alertList: () => import('./locales/ja/alert-list.json'),
    feed: () => import('./locales/ja/feed.json'),
  },
}
