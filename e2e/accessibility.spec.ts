// Every page of the console and the student pages passes axe-core (WCAG 2.0, 2.1, 2.2, A and AA):
// the journeys check the pages they visit (support/test.ts); this walks all of them, with their
// dialogs and error states. In English with every rule; in Traditional Chinese and Japanese, one
// page of each layout with every rule and every page with the rules of the page's language (the
// markup is the same in each language; longer texts and their layout are the screen-size walk's).
import { signInToConsole, studentSignIn } from './support/helpers'
import { newJournalWith } from './support/posts'
import { db } from './support/db'
import { expect, expectAccessible, expectLanguageMarkup, test, type Page } from './support/test'

const LOCALES = ['en', 'zh-TW', 'ja'] as const
type Locale = (typeof LOCALES)[number]
/** One page of each layout: public, console, journal, e-book, student. */
const LAYOUT_PAGES = new Set(['/login', '/diary', '/diary/homework/1/news', '/ebook/1/list', '/s'])

const PUBLIC_PAGES = ['/index', '/login', '/ebook/login', '/login?tab=signup', '/login?tab=forgot', '/s/login', '/pwd/reset/no-such-code', '/no-such-page']
// Two halves, two tests: they run side by side.
const TEACHER_PAGES = [
  '/diary', '/diary?tab=joined', '/diary?tab=followup', '/diary?tab=collections', '/diary?tab=archived', '/mode', '/setting/user', '/setting/user?edit=name', '/voucher', '/voucher?tab=history', '/invite', '/my/ucp', '/diary/homework/new', '/notification', '/notification?tab=c',
  '/diary/homework/1/news', '/diary/homework/1/student', '/diary/homework/1/student/8', '/diary/homework/1/case', '/diary/homework/1/collection',
  '/diary/homework/1/sendback',
]
const JOURNAL_PAGES = [
  '/diary/homework/1/info', '/diary/homework/1/edit', '/diary/homework/1/archive', '/diary/homework/1/resource',
  '/diary/homework/1/export', '/diary/homework/1/report', '/diary/homework/1/report?tab=pie', '/diary/homework/1/report?tab=bar',
  '/diary/homework/1/report?tab=group', '/diary/homework/1/report?tab=pie&pick=group%3Ajoy', '/diary/homework/1/student/8/report',
  '/diary/homework/1/feedback', '/diary/homework/1/feedback?start=2026-01-02&end=2026-01-01', '/diary/homework/1/patterns', '/diary/homework/1/patterns?period=term&pick=eb%3AB%3A8',
  '/diary/homework/1/patterns?student=8&period=term',
  '/diary/homework/1/notWritten', '/diary/homework/1/notWritten?period=week', '/diary/homework/6/notWritten?period=quest', '/diary/homework/1/classBooks', '/diary/homework/1/parentPacks',
  '/diary/diaryPost/87', '/diary/diaryPost/87?sendback=1', '/diary/diaryPost/87?image=1', '/diary/diaryPost/87/revise',
  '/diarySample', '/diarySample/new', '/diarySample/1/edit', '/diarySample/resourcesBook', '/diarySample/resourcesBook/1/resources',
  '/drpb/TEACH002', '/404',
]
// The free plan: pay notices, upgrade buttons, "Join pending".
const FREE_PAGES = ['/diary', '/diary?tab=joined', '/diary/homework/4/quiz', '/diary/homework/4/news', '/diary/homework/4/student', '/diary/homework/4/sendback', '/diary/homework/4/report', '/diary/homework/4/feedback', '/diary/homework/4/patterns', '/diary/homework/4/notWritten', '/diary/homework/4/export', '/voucher']
const ADMIN_PAGES = ['/team/my', '/team/my?tab=profile', '/team/my?tab=students', '/manage', '/student']
const STUDENT_PAGES = ['/s', '/s/journal/1', '/s/journal/1/new', '/s/post/87', '/s/journal/6', '/s/journal/6/new']
// The contest pages of the demo: Kindness Relay 501 (journal 6, contest 3, running), Winter Diary 502
// (10, ended) and Autumn Gratitude 501 (11, not started, the students choose).
const CONTEST_PAGES = [
  '/diary/homework/6/questList', '/diary/homework/6/questList?sort=desc', '/diary/homework/6/questList/7', '/diary/homework/6/questList/7?tab=stats',
  '/diary/homework/6/questList/7?tab=stats&filter=not', '/diary/homework/6/quest', '/diary/homework/6/quest?invite=1', '/diary/homework/6/quest/edit?lang=en',
  '/diary/homework/6/contestinfo', '/contest/6/edit?new=-1', '/contest/3/ranking', '/contest/3/ranking?tab=students&teamId=1',
  '/diary/homework/10/questList', '/diary/homework/11/questList', '/diary/homework/11/questList/edit', '/diary/homework/11/contestinfo', '/contest/11/edit?new=-1',
  '/contest/0000/edit?code=ct_spring', '/contest/0000/edit?code=nope',
]

/** Every rule in English and on the layout pages; the language's rules elsewhere. */
const rulesFor = (locale: Locale, path?: string) => (locale === 'en' || (path && LAYOUT_PAGES.has(path)) ? 'all' : 'language')

/**
 * The language rules read nothing but the server's markup: those pages are fetched with the page's
 * cookies, without a browser (expectLanguageMarkup). Pages checked with every rule load as a
 * visitor's do.
 */
/** Opens the page unless the browser is on it already. */
async function openIfElsewhere(page: Page, path: string) {
  const here = new URL(page.url())
  if (here.pathname + here.search !== path) await page.goto(path)
}

async function checkAll(page: Page, paths: string[], locale: Locale) {
  for (const path of paths) {
    if (rulesFor(locale, path) === 'language') {
      await expectLanguageMarkup(page, path, locale)
      continue
    }
    await page.goto(path)
    await expect(page.locator('h1').first()).toBeVisible()
    await expectAccessible(page, `${path} (${locale})`)
  }
}

for (const locale of LOCALES) {
  test.describe(`axe-core in ${locale}`, () => {
    // Each walk runs axe on 5 to 30 pages; on a loaded 2-core CI machine one run takes 2 to 5 s.
    // A limit, not a speed test (the bench measures speed).
    test.describe.configure({ timeout: 180_000 })
    test('public pages, and the sign-in form with its errors', async ({ page }) => {
      // A visitor's language comes from the browser's (Accept-Language).
      await page.setExtraHTTPHeaders({ 'Accept-Language': locale })
      await checkAll(page, PUBLIC_PAGES, locale)
      await page.goto('/login')
      await page.locator('input[name=email]').fill('teacher@demo.test')
      await page.locator('input[name=password]').first().fill('not-the-password')
      await page.locator('form:has(input[name=intent][value=login]) button[type=submit]').click()
      await expect(page.locator('.form-error, .field-error').first()).toBeVisible()
      await expectAccessible(page, 'the sign-in form with an error', { rules: rulesFor(locale) })
    })

    test('a journal’s lists', async ({ page }) => {
      await signInToConsole(page, 'teacher@demo.test', locale)
      await checkAll(page, TEACHER_PAGES.filter((p) => p.startsWith('/diary/homework/1/')), locale)
    })

    test('a teacher’s pages and the account menu', async ({ page }) => {
      await signInToConsole(page, 'teacher@demo.test', locale)
      await checkAll(page, TEACHER_PAGES.filter((p) => !p.startsWith('/diary/homework/1/')), locale)
      await page.goto('/diary')
      await page.locator('details.user-menu summary').click()
      await expectAccessible(page, 'the account menu', { rules: rulesFor(locale) })
      await page.locator('.console-top .bell').click()
      await expect(page.locator('.bell-drop .notification-items li').first()).toBeVisible()
      await expectAccessible(page, 'the notification bell, open', { rules: rulesFor(locale) })
    })

    test('a journal’s settings, export and report picks', async ({ page }) => {
      await signInToConsole(page, 'teacher@demo.test', locale)
      await checkAll(page, JOURNAL_PAGES.filter((p) => p.startsWith('/diary/homework/')), locale)
    })

    test('a post with its dialogs, samples and books', async ({ page }) => {
      await signInToConsole(page, 'teacher@demo.test', locale)
      await checkAll(page, JOURNAL_PAGES.filter((p) => !p.startsWith('/diary/homework/')), locale)
    })

    test('the contest and quest pages, a quest post with its score', async ({ page }) => {
      await signInToConsole(page, 'teacher@demo.test', locale)
      const post = await db().selectFrom('posts').select('id').where('journal_id', '=', 6).where('quest_id', 'is not', null).orderBy('id').executeTakeFirstOrThrow()
      const viewed = await db().selectFrom('posts').select('id').where('quest_id', '=', 7).orderBy('id', 'desc').executeTakeFirstOrThrow()
      await checkAll(page, [...CONTEST_PAGES, `/diary/diaryPost/${post.id}`, `/diary/homework/6/questList/7?tab=stats&view=${viewed.id}`], locale)
    })

    test('the assessment pages: runs, summary, before and after, results, detail, the no-data dialog', async ({ page }) => {
      await signInToConsole(page, 'teacher@demo.test', locale)
      const runs = await db().selectFrom('journal_quizzes').select('id').where('journal_id', '=', 2).orderBy('id').execute()
      const result = await db().selectFrom('quiz_results').select('uuid').where('journal_id', '=', 2).orderBy('id').executeTakeFirstOrThrow()
      await checkAll(page, ['/diary/homework/2/quiz', `/diary/homework/2/quiz?run=${runs[0].id}`, `/diary/homework/2/quiz?run=${runs[2].id}&page=2`, '/diary/homework/2/quiz?q=nobody&nodata=1', `/diary/homework/2/quiz/${result.uuid}`], locale)
    })

    test('the risk-alert pages: the list, an open alert with its words, a resolved one with its trail', async ({ page }) => {
      await signInToConsole(page, 'teacher@demo.test', locale)
      const alerts = await db().selectFrom('risk_alerts').select(['id', 'journal_id', 'rule', 'status']).where('journal_id', 'in', [1, 2]).orderBy('id').execute()
      const words = alerts.find((a) => a.rule === 'words')!
      const resolved = alerts.find((a) => a.status === 'resolved')!
      await checkAll(page, ['/diary/homework/1/alerts', '/diary/homework/2/alerts', `/diary/homework/${words.journal_id}/alerts/${words.id}`, `/diary/homework/${resolved.journal_id}/alerts/${resolved.id}`], locale)
    })

    test('the e-book pages: posts, basic info with its messages, the page list, the page editor, print and share, the shared page', async ({ page }) => {
      await signInToConsole(page, 'teacher@demo.test', locale)
      // The demo's books: Student 07's finished one (1) and Student 30's in progress (2).
      const [cover, diary] = await db().selectFrom('ebook_pages').select('id').where('ebook_id', '=', 1).orderBy('position').limit(3).execute().then((p) => [p[0], p[2]])
      const share = await db().selectFrom('ebook_shares').select('token').where('ebook_id', '=', 1).executeTakeFirstOrThrow()
      await checkAll(page, ['/ebook/1/posts', '/ebook/1/list', `/ebook/1/edit?qpage_id=${cover.id}`, `/ebook/1/edit?qpage_id=${diary.id}`, '/ebook/1/download?page=3', '/ebook/1/download?share=1', `/ebook/share/${share.token}`, '/ebook', '/ebook?new=1', '/ebook/2/list', '/ebook/2/basicinfo'], locale)
      // The walk may have read the last page without a browser: the form is opened to be sent.
      await openIfElsewhere(page, '/ebook/2/basicinfo')
      await page.locator('form.ebook-info button[type=submit]').click()
      await expect(page.locator('.field-error').first()).toBeVisible()
      await expectAccessible(page, 'the basic info with its messages', { rules: rulesFor(locale) })
    })

    test('safeguarding and children’s data: the counsellor’s pages, a student’s export, erasure and family pack, the team’s data tab', async ({ page }) => {
      await signInToConsole(page, 'counsellor@demo.test', locale)
      const escalated = await db().selectFrom('alert_escalations as e').innerJoin('users as u', 'u.id', 'e.user_id').select('e.alert_id').where('u.account', '=', 'counsellor@demo.test').orderBy('e.alert_id').execute()
      await checkAll(page, ['/counsellor', ...escalated.map((e) => `/counsellor/alerts/${e.alert_id}`)], locale)
      await signInToConsole(page, 'teacher@demo.test', locale)
      await checkAll(page, ['/diary/homework/1/student/8/export', '/diary/homework/1/student/8/erase', '/diary/homework/1/student/8/family'], locale)
      await signInToConsole(page, 'admin@demo.test', locale)
      await checkAll(page, ['/team/my?tab=data'], locale)
    })

    test('a free-plan teacher’s pages', async ({ page }) => {
      await signInToConsole(page, 'free@demo.test', locale)
      await checkAll(page, FREE_PAGES, locale)
    })

    test('a team admin’s pages', async ({ page }) => {
      await signInToConsole(page, 'admin@demo.test', locale)
      await checkAll(page, ADMIN_PAGES, locale)
    })

    test('a student’s pages', async ({ page }) => {
      await studentSignIn(page, 'student01@demo.test', locale)
      await checkAll(page, STUDENT_PAGES, locale)
      // The quizzes of 501: one answered, one to answer (sent empty: its messages).
      const runs = await db().selectFrom('journal_quizzes').select('id').where('journal_id', '=', 1).orderBy('id').execute()
      await checkAll(page, runs.map((r) => `/s/journal/1/quiz/${r.id}`), locale)
      await openIfElsewhere(page, `/s/journal/1/quiz/${runs.at(-1)!.id}`)
      await page.locator('form.quiz-sheet button[type=submit]').click()
      await expect(page.locator('.form-error')).toBeVisible()
      await expectAccessible(page, 'the quiz sheet with its messages', { rules: rulesFor(locale) })
    })
  })
}

test('an empty journal: every list and side card says it is empty, and passes axe-core', async ({ page }, info) => {
  const journalId = await newJournalWith('teacher@demo.test', `Empty ${info.project.name} ${Date.now().toString(36)}`, [])
  await signInToConsole(page, 'teacher@demo.test')
  for (const path of ['news', 'student', 'case', 'collection', 'sendback', 'info', 'report', 'export'].map((p) => `/diary/homework/${journalId}/${p}`)) {
    await page.goto(path)
    await expect(page.locator('h1').first()).toBeVisible()
    // No list, table or side card stands empty without a word.
    const bare = await page.locator('main').evaluate((main) =>
      [...main.querySelectorAll('ul, ol, tbody, .card')]
        .filter((el) => el.getBoundingClientRect().height > 0 && !(el.textContent ?? '').trim() && !el.querySelector('input, select, textarea, button, img, svg'))
        .map((el) => el.outerHTML.slice(0, 120)),
    )
    expect(bare, path).toEqual([])
    await expectAccessible(page, path)
  }
})
