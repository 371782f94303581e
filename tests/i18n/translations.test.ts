import i18next from 'i18next'
import { describe, expect, it } from 'vitest'
import { LOCALES } from '~/i18n/config'
import { withCachedTranslations } from '~/i18n/middleware.server'
import { resources } from '~/i18n/resources'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import enPublic from '~/i18n/locales/en/translation.json'
import jaPublic from '~/i18n/locales/ja/translation.json'
import zhTWPublic from '~/i18n/locales/zh-TW/translation.json'
import enSignedIn from '~/i18n/locales/en/signed-in.json'
import jaSignedIn from '~/i18n/locales/ja/signed-in.json'
import zhTWSignedIn from '~/i18n/locales/zh-TW/signed-in.json'
import enStudent from '~/i18n/locales/en/student.json'
import jaStudent from '~/i18n/locales/ja/student.json'
import zhTWStudent from '~/i18n/locales/zh-TW/student.json'

import enContests from '~/i18n/locales/en/contests.json'
import jaContests from '~/i18n/locales/ja/contests.json'
import zhTWContests from '~/i18n/locales/zh-TW/contests.json'
import enAssessments from '~/i18n/locales/en/assessments.json'
import jaAssessments from '~/i18n/locales/ja/assessments.json'
import zhTWAssessments from '~/i18n/locales/zh-TW/assessments.json'
import enAlerts from '~/i18n/locales/en/alerts.json'
import jaAlerts from '~/i18n/locales/ja/alerts.json'
import zhTWAlerts from '~/i18n/locales/zh-TW/alerts.json'
import enEbooks from '~/i18n/locales/en/ebooks.json'
import jaEbooks from '~/i18n/locales/ja/ebooks.json'
import zhTWEbooks from '~/i18n/locales/zh-TW/ebooks.json'
import enPrivacy from '~/i18n/locales/en/privacy.json'
import jaPrivacy from '~/i18n/locales/ja/privacy.json'
import zhTWPrivacy from '~/i18n/locales/zh-TW/privacy.json'
import enInsights from '~/i18n/locales/en/insights.json'
import jaInsights from '~/i18n/locales/ja/insights.json'
import zhTWInsights from '~/i18n/locales/zh-TW/insights.json'
import enSchool from '~/i18n/locales/en/school.json'
import enReport from '~/i18n/locales/en/report.json'
import enLists from '~/i18n/locales/en/lists.json'
import enCounsel from '~/i18n/locales/en/counsel.json'
import enPost from '~/i18n/locales/en/post.json'
import enAlertList from '~/i18n/locales/en/alert-list.json'
import enFeed from '~/i18n/locales/en/feed.json'
import jaSchool from '~/i18n/locales/ja/school.json'
import jaReport from '~/i18n/locales/ja/report.json'
import jaLists from '~/i18n/locales/ja/lists.json'
import jaCounsel from '~/i18n/locales/ja/counsel.json'
import jaPost from '~/i18n/locales/ja/post.json'
import jaAlertList from '~/i18n/locales/ja/alert-list.json'
import jaFeed from '~/i18n/locales/ja/feed.json'
import zhTWSchool from '~/i18n/locales/zh-TW/school.json'
import zhTWReport from '~/i18n/locales/zh-TW/report.json'
import zhTWLists from '~/i18n/locales/zh-TW/lists.json'
import zhTWCounsel from '~/i18n/locales/zh-TW/counsel.json'
import zhTWPost from '~/i18n/locales/zh-TW/post.json'
import zhTWAlertList from '~/i18n/locales/zh-TW/alert-list.json'
import zhTWFeed from '~/i18n/locales/zh-TW/feed.json'
import enServer from '~/i18n/locales/en/server.json'
import jaServer from '~/i18n/locales/ja/server.json'
import zhTWServer from '~/i18n/locales/zh-TW/server.json'

const serverPart: Record<string, object> = { en: enServer, ja: jaServer, 'zh-TW': zhTWServer }
const publicPart: Record<string, object> = { en: enPublic, ja: jaPublic, 'zh-TW': zhTWPublic }
const signedInPart: Record<string, object> = { en: enSignedIn, ja: jaSignedIn, 'zh-TW': zhTWSignedIn }
const studentPart: Record<string, object> = { en: enStudent, ja: jaStudent, 'zh-TW': zhTWStudent }
const contestsPart: Record<string, object> = { en: enContests, ja: jaContests, 'zh-TW': zhTWContests }
const assessmentsPart: Record<string, object> = { en: enAssessments, ja: jaAssessments, 'zh-TW': zhTWAssessments }
const alertsPart: Record<string, object> = { en: enAlerts, ja: jaAlerts, 'zh-TW': zhTWAlerts }
const ebooksPart: Record<string, object> = { en: enEbooks, ja: jaEbooks, 'zh-TW': zhTWEbooks }
const privacyPart: Record<string, object> = { en: enPrivacy, ja: jaPrivacy, 'zh-TW': zhTWPrivacy }
const insightsPart: Record<string, object> = { en: enInsights, ja: jaInsights, 'zh-TW': zhTWInsights }
const schoolPart: Record<string, object> = { en: enSchool, ja: jaSchool, 'zh-TW': zhTWSchool }
const reportPart: Record<string, object> = { en: enReport, ja: jaReport, 'zh-TW': zhTWReport }
const listsPart: Record<string, object> = { en: enLists, ja: jaLists, 'zh-TW': zhTWLists }
const counselPart: Record<string, object> = { en: enCounsel, ja: jaCounsel, 'zh-TW': zhTWCounsel }
const postPart: Record<string, object> = { en: enPost, ja: jaPost, 'zh-TW': zhTWPost }
const alertListPart: Record<string, object> = { en: enAlertList, ja: jaAlertList, 'zh-TW': zhTWAlertList }
const feedPart: Record<string, object> = { en: enFeed, ja: jaFeed, 'zh-TW': zhTWFeed }

// Every key of every locale, translated with values by the cached path and by i18next itself.
function keysOf(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === 'object' && v !== null ? keysOf(v as object, `${prefix}${k}.`) : [`${prefix}${k}`]))
}
const values = { name: 'Amy', count: 3, n: 2, owner: 'Mr Lee', code: 'AB12', title: 'A day', journal: 'Class 5', score: 40, max: 80, limit: 50, taken: 7, email: 'a@b.test' }

describe('cached translations', () => {
  for (const lng of LOCALES) {
    it(`give what i18next gives, in ${lng}`, () => {
      const init = { lng, resources, fallbackLng: 'en', interpolation: { escapeValue: false }, initAsync: false } as const
      const reference = i18next.createInstance()
      void reference.init(init)
      const fast = i18next.createInstance()
      void fast.init(init)
      withCachedTranslations(fast, lng)
      const keys = keysOf(resources[lng].translation)
      expect(keys.length).toBeGreaterThan(100)
      for (const key of keys) {
        const t = (i: typeof fast, ...rest: unknown[]) => (i.t as unknown as (k: string, ...r: unknown[]) => string)(key, ...rest)
        expect(t(fast, values), key).toBe(t(reference, values))
        expect(t(fast), key).toBe(t(reference))
        expect(t(fast, { name: 'only a name' }), key).toBe(t(reference, { name: 'only a name' }))
      }
    })
  }
})

// The browser loads translation.json on every page and signed-in.json only under the console and
// student layouts (decision 0019): a public page may use only keys of translation.json.
describe('the public part of the dictionary', () => {
  const publicModules = [
    'routes/landing.tsx', 'routes/login.tsx', 'routes/login-check.tsx', 'routes/setup/email.tsx', 'routes/setup/basic-info.tsx',
    'routes/not-found.tsx', 'routes/error.tsx', 'routes/catch-all.tsx', 'routes/password-reset.tsx', 'root.tsx',
    'ui/portal-shell.tsx', 'ui/language-switcher.tsx', 'ui/error-notices.tsx', 'ui/support-contact.tsx', 'ui/brand.tsx',
  ]
  it('holds every key the public pages use, in every language', () => {
    for (const file of publicModules) {
      const source = readFileSync(path.join('app', file), 'utf8')
      for (const [, key] of source.matchAll(/\bt\(\s*'([a-zA-Z]+\.[a-zA-Z0-9_.]+)'/g)) {
        // A route's action may write a server text (a mail): server.json is the server's own.
        for (const lng of LOCALES) expect([key, `${key}_other`].some((k) => hasKey(publicPart[lng], k) || hasKey(serverPart[lng], k)), `${file}: ${key} (${lng})`).toBe(true)
      }
    }
  })
  it('shares no section with the signed-in part', () => {
    for (const lng of LOCALES) {
      const shared = Object.keys(publicPart[lng]).filter((section) => section in signedInPart[lng])
      expect(shared).toEqual([])
    }
  })
})

// server.json holds the texts only the server writes (mails, files, notifications' messages), some
// in a section the browser also has (notification): a module the browser runs may use none of them.
describe('the server part of the dictionary', () => {
  const clientParts = [publicPart, signedInPart, studentPart, contestsPart, assessmentsPart, alertsPart, ebooksPart, insightsPart, privacyPart, schoolPart, reportPart, listsPart, counselPart, postPart, alertListPart, feedPart]
  it('holds no key a module of the pages uses, in every language', () => {
    const files = readdirSync('app', { recursive: true, encoding: 'utf8' }).filter((f) => /\.tsx?$/.test(f))
    // Server modules, the seed and resource routes (a route file with no page) run on the server only.
    const browserModules = files.filter((f) => !/\.server\.tsx?$|^seed\/|^db\/|^routes\/.*\.ts$/.test(f))
    for (const lng of LOCALES) {
      const splitSections = Object.keys(serverPart[lng]).filter((section) => clientParts.some((part) => section in part[lng]))
      expect(splitSections.length, lng).toBeGreaterThan(0)
      const pattern = new RegExp(`['\`]((?:${splitSections.join('|')})\\.[a-zA-Z0-9_]+)['\`]`, 'g')
      for (const file of browserModules) {
        for (const [, key] of readFileSync(path.join('app', file), 'utf8').matchAll(pattern)) {
          expect(clientParts.some((part) => hasKey(part[lng], key) || hasKey(part[lng], `${key}_other`)), `${file}: ${key} (${lng})`).toBe(true)
        }
      }
    }
  })
})

// The quest and contest texts (decision 0035) and the quiz texts (decision 0036) load only with the
// pages that name their part: every other module may use none of them.
const PAGE_PARTS = [
  {
    part: 'student',
    sections: ['student', 'write'],
    dictionaries: studentPart,
    handle: 'handle = STUDENT_AREA_HANDLE',
    // The student pages are all under the student layout, which names the part for them.
    namedBy: 'routes/student/layout.tsx',
    modules: [
      'routes/student/layout.tsx', 'routes/student/home.tsx', 'routes/student/join.tsx', 'routes/student/login.tsx', 'routes/student/journal.tsx', 'routes/student/post.tsx',
      'routes/student/quiz.tsx', 'routes/student/write.tsx', 'features/students/components/student-post-form.tsx',
      // Server modules whose error keys only the student pages show.
      'features/students/join.server.ts', 'features/posts/pictures.server.ts', 'features/quests/quest-posts.server.ts', 'features/students/post-schema.ts', 'features/students/posts.server.ts',
    ],
  },
  {
    part: 'contests',
    sections: ['contest', 'quest', 'ranking'],
    dictionaries: contestsPart,
    handle: ['handle = CONTESTS_HANDLE', 'handle = JOURNAL_INFO_HANDLE'],
    modules: [
      'routes/contest/edit.tsx', 'routes/contest/ranking.tsx', 'routes/journal/quest-list.tsx', 'routes/journal/quest-select.tsx', 'routes/journal/quest-list-item.tsx',
      'routes/journal/quests.tsx', 'routes/journal/quest-edit.tsx', 'routes/journal/info.tsx', 'features/quests/components/contest-card.tsx', 'ui/quest-figures.tsx',
    ],
  },
  {
    part: 'assessments',
    sections: ['quiz'],
    dictionaries: assessmentsPart,
    handle: 'handle = ASSESSMENTS_HANDLE',
    modules: ['routes/journal/quiz.tsx', 'routes/journal/quiz-result.tsx', 'routes/student/journal.tsx', 'routes/student/quiz.tsx', 'ui/quiz-summary.tsx'],
  },
  {
    part: 'alerts',
    sections: ['alerts'],
    dictionaries: alertsPart,
    handle: ['handle = ALERTS_HANDLE', 'handle = COUNSEL_HANDLE', 'handle = ALERT_LIST_HANDLE', 'handle = SCHOOL_ALERTS_HANDLE'],
    modules: [
      'routes/journal/alerts.tsx', 'routes/journal/alert.tsx', 'features/alerts/components/alert-reasons.tsx', 'features/alerts/components/alert-header.tsx',
      // The concern a school's watch word is filed under (decision 0062), on a journal's settings and the team page.
      'features/alerts/components/watch-words.tsx',
      // The counsellor's pages and their parts (decision 0046).
      'routes/counsellor/inbox.tsx', 'routes/counsellor/alert.tsx', 'features/counsellor/components/inbox-table.tsx', 'features/alerts/components/alert-trail.tsx', 'features/alerts/components/escalate-form.tsx', 'features/alerts/components/resolve-alert-form.tsx', 'features/posts/components/mood-history.tsx',
      // Server modules (a mail, the record's PDF): the server's dictionary holds every part.
      'features/alerts/alert-mail.server.ts', 'features/alerts/record.server.ts',
    ],
  },
  {
    part: 'alertList',
    sections: ['alertList'],
    dictionaries: alertListPart,
    handle: 'handle = ALERT_LIST_HANDLE',
    modules: ['routes/journal/alerts.tsx'],
  },
  {
    part: 'counsel',
    sections: ['counsel'],
    dictionaries: counselPart,
    handle: 'handle = COUNSEL_HANDLE',
    modules: ['routes/counsellor/inbox.tsx', 'routes/counsellor/alert.tsx', 'features/counsellor/components/inbox-table.tsx', 'features/counsellor/components/step-form.tsx', 'features/posts/components/mood-history.tsx'],
  },
  {
    part: 'ebooks',
    sections: ['ebook', 'classBooks'],
    dictionaries: ebooksPart,
    handle: ['handle = EBOOKS_HANDLE', 'handle = CLASS_BOOKS_HANDLE'],
    modules: [
      'routes/ebook/layout.tsx', 'routes/ebook/entry.tsx', 'routes/ebook/posts.tsx', 'routes/ebook/basic-info.tsx', 'routes/ebook/page-list.tsx', 'routes/ebook/edit.tsx',
      'routes/ebook/download.tsx', 'routes/ebook/shared.tsx', 'routes/ebook/login.tsx', 'routes/ebook/books.tsx', 'ui/book-preview.tsx', 'ui/ebook-public-shell.tsx', 'features/ebooks/components/ebook-steps.tsx', 'features/ebooks/components/ebook-page-name.ts', 'features/ebooks/components/page-canvas.tsx', 'ui/picture-cropper.tsx', 'ui/unsaved-changes.tsx',
      // A class's e-books (decision 0053), a journal page.
      'routes/journal/class-books.tsx',
    ],
  },
  {
    part: 'insights',
    sections: ['insights', 'feedback', 'patterns', 'topic', 'notWritten'],
    dictionaries: insightsPart,
    handle: ['handle = INSIGHTS_HANDLE', 'handle = STUDENT_PAGE_HANDLE'],
    modules: [
      'routes/journal/feedback.tsx', 'routes/journal/not-written.tsx', 'routes/journal/patterns.tsx', 'routes/journal/student.tsx', 'features/insights/feedback-file.server.ts', 'features/insights/patterns-file.server.ts',
      'features/insights/components/period-picker.tsx', 'features/insights/figures.ts', 'features/insights/feedback-page.server.ts', 'features/insights/patterns-page.server.ts', 'features/insights/components/patterns-view.tsx', 'features/insights/components/student-patterns.tsx',
    ],
  },
  {
    part: 'feed',
    sections: ['feed'],
    dictionaries: feedPart,
    handle: 'handle = FEED_HANDLE',
    modules: ['routes/journal/news.tsx', 'features/posts/feed-filter.ts'],
  },
  {
    part: 'post',
    sections: ['post', 'revise', 'suggest', 'image', 'score'],
    dictionaries: postPart,
    handle: 'handle = POST_HANDLE',
    modules: [
      'routes/post/view.tsx', 'routes/post/revise.tsx', 'features/quests/components/score-card.tsx',
      // Server modules (the rules' comment suggestions): the server's dictionary holds every part.
      'features/suggestions/rules.server.ts',
    ],
  },
  {
    part: 'lists',
    sections: ['diary', 'lists', 'students'],
    dictionaries: listsPart,
    handle: ['handle = LISTS_HANDLE', 'handle = STUDENT_PAGE_HANDLE'],
    modules: [
      'routes/console/diary.tsx', 'routes/journal/students.tsx', 'routes/journal/case.tsx', 'routes/journal/collection.tsx', 'routes/journal/sendback.tsx', 'routes/journal/student.tsx',
      'features/posts/components/list-tables.tsx',
    ],
  },
  {
    part: 'report',
    sections: ['report'],
    dictionaries: reportPart,
    handle: ['handle = REPORT_HANDLE', 'handle = INSIGHTS_HANDLE', 'handle = STUDENT_PAGE_HANDLE'],
    modules: [
      'routes/journal/report.tsx', 'routes/journal/report-png.ts', 'routes/journal/feedback.tsx', 'routes/journal/patterns.tsx', 'routes/journal/student.tsx',
      'features/insights/components/patterns-view.tsx', 'features/insights/components/period-picker.tsx', 'features/reports/range.ts',
      // Server modules (the report's page model and PDF): the server's dictionary holds every part.
      'features/reports/page.server.ts', 'features/reports/report-document.server.ts',
    ],
  },
  {
    part: 'privacy',
    sections: ['privacy', 'familyPack', 'classPack', 'heldBack'],
    dictionaries: privacyPart,
    handle: ['handle = PRIVACY_HANDLE', 'handle = CLASS_BOOKS_HANDLE'],
    modules: [
      'routes/privacy/export.tsx', 'routes/privacy/export-item.tsx', 'routes/privacy/erase.tsx', 'features/privacy/components/student-data-head.tsx',
      'routes/journal/family.tsx', 'routes/family/shared.tsx',
      // Parent meetings for the class (decision 0053).
      'routes/journal/class-pack.tsx',
      // Posts held back under an alert (decision 0063): the packs' pages and the class's e-books.
      'ui/held-back.tsx', 'routes/journal/class-books.tsx',
      // Server modules (a CSV, the packs' PDFs): the server's dictionary holds every part.
      'features/privacy/looks-csv.server.ts', 'features/privacy/family-pack.server.ts', 'features/privacy/class-pack.server.ts',
    ],
  },
  {
    part: 'school',
    sections: ['team', 'import', 'ucp', 'voucher', 'settings', 'invite', 'export', 'samples', 'journalSettings', 'journalInfo', 'manage', 'modePage', 'watchWords'],
    dictionaries: schoolPart,
    handle: ['handle = SCHOOL_HANDLE', 'handle = JOURNAL_INFO_HANDLE', 'handle = SCHOOL_ALERTS_HANDLE'],
    modules: [
      'routes/team/my.tsx', 'features/team/components/retention-form.tsx', 'features/team/components/school-calendar-form.tsx', 'features/alerts/components/watch-words.tsx', 'routes/student-import/manage.tsx', 'routes/plans/ucp.tsx', 'routes/account/vouchers.tsx',
      // Account settings, invitations, exports and the sample library.
      'routes/settings/user.tsx', 'ui/avatar-cropper.tsx', 'features/account/settings-schema.ts', 'features/account/settings.server.ts', 'routes/account/invite.tsx',
      'routes/journal/join-by-link.tsx', 'routes/journal/export.tsx', 'routes/journal/export-file.ts', 'features/export/export.server.ts', 'routes/journal/resource.tsx',
      'ui/resource-list.tsx', 'routes/samples/form.tsx', 'routes/samples/books.tsx', 'routes/samples/book.tsx', 'routes/samples/list.tsx', 'features/samples/validate.ts',
      // A journal's settings form (new, edit) and its archive page.
      'features/journals/components/journal-settings-form.tsx', 'routes/journal/new.tsx', 'routes/journal/edit.tsx', 'routes/journal/archive.tsx', 'features/journals/schema.ts', 'features/journals/settings.server.ts',
      // A resource route (the import's sample file): the server's dictionary holds every part.
      'routes/student-import/sample.ts',
      // A journal's info page (its teachers and invitations) and the plan's page.
      'routes/journal/info.tsx', 'routes/console/manage.tsx', 'routes/console/mode.tsx',
    ],
  },
]

describe.each(PAGE_PARTS)('the $part part of the dictionary', ({ sections, dictionaries, handle, modules, ...rest }) => {
  const namedBy = 'namedBy' in rest ? rest.namedBy : undefined
  it('is used only by the pages that name the part', () => {
    const files = readdirSync('app', { recursive: true, encoding: 'utf8' }).filter((f) => /\.tsx?$/.test(f))
    const pattern = new RegExp(`\\bt\\(\\s*[\`']((?:${sections.join('|')})\\.[^\`']*)[\`']`, 'g')
    for (const file of files) {
      const source = readFileSync(path.join('app', file), 'utf8')
      const uses = [...source.matchAll(pattern)].map((m) => m[1])
      if (uses.length === 0) continue
      expect(modules, `${file} uses ${uses[0]}`).toContain(file)
      // A page names its part; a resource route (a file, no page) renders with the server's dictionary.
      if (file.startsWith('routes/') && file.endsWith('.tsx')) {
        const page = namedBy ? readFileSync(path.join('app', namedBy), 'utf8') : source
        expect([handle].flat().some((h) => page.includes(h)), `${file} names ${handle}`).toBe(true)
      }
    }
  })
  it('shares no section with the other parts, in every language', () => {
    for (const lng of LOCALES) {
      const others = [signedInPart, studentPart, publicPart, contestsPart, assessmentsPart, alertsPart, ebooksPart, insightsPart, privacyPart, schoolPart, reportPart, listsPart, counselPart, postPart, alertListPart, feedPart].filter((p) => p !== dictionaries)
      expect(Object.keys(dictionaries[lng]).filter((s) => others.some((o) => s in o[lng]))).toEqual([])
    }
  })
})

/** Every text of a dictionary by its dotted key. */
function flatten(tree: object, prefix = ''): Record<string, string> {
  return Object.assign({}, ...Object.entries(tree).map(([k, v]) => (typeof v === 'string' ? { [`${prefix}${k}`]: v } : flatten(v as object, `${prefix}${k}.`))))
}

function hasKey(tree: object, key: string) {
  let node: unknown = tree
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part]
  return typeof node === 'string' || (typeof node === 'object' && node !== null)
}

describe('wording', () => {
  const tIn = (lng: string) => {
    const i = i18next.createInstance()
    void i.init({ lng, resources, fallbackLng: 'en', interpolation: { escapeValue: false }, initAsync: false })
    return i.t
  }
  it('English counts take the singular for one', () => {
    const t = tIn('en')
    expect(t('export.generating', { count: 1 })).toBe('Your file is being generated: 1 post.')
    expect(t('export.generating', { count: 12 })).toBe('Your file is being generated: 12 posts.')
    expect(t('import.journalOption', { name: '4A', count: 1 })).toBe('4A (1 place free)')
    expect(t('feed.moodScore', { score: 100 })).toBe('Negative posts: 100%')
  })
  it('every count takes its plural form: "1 alert resolved", "1 minute", "1 post"', () => {
    const t = tIn('en')
    expect(t('alertList.feedback', { count: 1, judged: 1, share: 0, misses: 0, flagged: 0 })).toMatch(/^Last 90 days in this journal: 1 alert resolved, 1 with/)
    expect(t('alertList.feedback', { count: 2, judged: 1, share: 0, misses: 0, flagged: 0 })).toMatch(/: 2 alerts resolved,/)
    expect(t('counsel.moodSummary', { count: 1, from: 'a', to: 'b', positive: 0, negative: 1, mixed: 0 })).toBe('Of their last post (a to b): 0 positive, 1 negative, 0 mixed.')
    expect(t('errors.tooManyAttempts', { count: 1 })).toBe('Too many failed sign-in attempts. Please wait 1 minute and try again.')
    expect(t('patterns.cellLabel', { emotion: 'Sad', behaviour: 'Cry', count: 1, percent: 5 })).toBe('Sad, Cry: 1 post, 5%')
    // A second count in a sentence is a plural of its own.
    expect(t('team.logRetention', { count: 1, journals: 1, before: '2020-08-01' })).toBe('Diaries older than 2020-08-01 were deleted: 1 post in 1 journal.')
    expect(t('feedback.tableNote', { count: 1, few: 1 })).toMatch(/more than 1 school day\. Greyed: a median from fewer than 1 answered post\.$/)
    // Notifications keep the values they were stored with.
    expect(t('notification.erasureDone', { posts: 1, pictures: 2 })).toBe("A student's data was erased for good: 1 post, 2 pictures and the rest. The counts are in the log.")
  })

  it('no English text puts a number before a noun outside the plural forms (grep of every part)', () => {
    // Placeholders that are never a number.
    const words = new Set(['name', 'journal', 'student', 'teacher', 'title', 'owner', 'date', 'at', 'from', 'to', 'start', 'end', 'last', 'code', 'email', 'provider', 'plan', 'before', 'feeling', 'emotion', 'behaviour', 'topic', 'label', 'mode', 'team', 'concern', 'severity', 'names', 'wait', 'who', 'by', 'note', 'list', 'link', 'zone', 'browser', 'file', 'answer', 'verdict', 'parts', 'phone', 'mail', 'chat', 'text', 'country', 'compose', 'account', 'size'])
    // A number, perhaps a word between ("3 new posts", "4 school days"; not "30 a day"), then a noun that counts.
    const noun = /\{\{\s*(\w+)\s*\}\}\s+(?:(?!(?:a|an|the|in|of)\s)[a-z-]+\s+)?(posts?|alerts?|days?|students?|characters?|minutes?|hours?|members?|journals?|pages?|books?|quests?|tickets?|parts?|invitations?|diar(?:y|ies)|pictures?|letters?|teachers?|codes?|times?)\b/g
    const found: string[] = []
    for (const [key, text] of Object.entries(flatten(resources.en.translation as object))) {
      const plural = /_(one|other)$/.test(key)
      for (const [, name] of text.matchAll(noun)) if (!words.has(name) && !(plural && name === 'count')) found.push(`${key}: ${text}`)
    }
    expect(found).toEqual([])
  })

  it('Chinese and Japanese put no spaces around a provider name, and count in every language', () => {
    expect(tIn('zh-TW')('oauth.signInWith', { provider: 'Google' })).toBe('使用Google繼續')
    expect(tIn('ja')('oauth.signInWith', { provider: 'Google' })).toBe('Googleで続ける')
    for (const lng of LOCALES) expect(tIn(lng)('export.generating', { count: 3 })).toMatch(/3/)
  })
})

// A school keeps diaries for a number of school years (年度), not of grades (学年).
describe('the retention choices', () => {
  it('count school years in every language', () => {
    const i18n = i18next.createInstance()
    void i18n.init({ lng: 'en', resources, fallbackLng: 'en', interpolation: { escapeValue: false }, initAsync: false })
    expect(i18n.t('team.retentionYearsN', { count: 2, lng: 'en' })).toBe('2 school years')
    expect(i18n.t('team.retentionYearsN', { count: 2, lng: 'ja' })).toBe('2 年度')
    expect(i18n.t('team.retentionYearsN', { count: 2, lng: 'zh-TW' })).toMatch(/^2 (個)?學年度?$/)
  })
})
