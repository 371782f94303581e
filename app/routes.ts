import { index, layout, route, type RouteConfig } from '@react-router/dev/routes'

// The spec's URLs (spec 1 section 2, spec 3 route table). A route exists here only once its page is built.
export default [
  index('routes/root-redirect.ts'),
  route('index', 'routes/landing.tsx'),
  route('login', 'routes/login.tsx'),
  route('login/check', 'routes/login-check.tsx'),
  route('logout', 'routes/logout.ts'),
  route('refresh', 'routes/refresh.ts'),
  route('locale', 'routes/locale.ts'),
  layout('routes/setup/layout.tsx', [
    route('setting/email', 'routes/setup/email.tsx'),
    route('setting/basicInfo', 'routes/setup/basic-info.tsx'),
  ]),
  layout('routes/console/layout.tsx', [
    route('diary', 'routes/console/diary.tsx'),
    route('mode', 'routes/console/mode.tsx'),
    route('diary/homework/new', 'routes/journal/new.tsx'),
    layout('routes/journal/layout.tsx', [
      route('diary/homework/:id', 'routes/journal/home.ts'),
      route('diary/homework/:id/news', 'routes/journal/news.tsx'),
      route('diary/homework/:id/student', 'routes/journal/students.tsx'),
      route('diary/homework/:id/student/:sid', 'routes/journal/student.tsx'),
      route('diary/homework/:id/case', 'routes/journal/case.tsx'),
      route('diary/homework/:id/collection', 'routes/journal/collection.tsx'),
      route('diary/homework/:id/sendback', 'routes/journal/sendback.tsx'),
      route('diary/homework/:id/info', 'routes/journal/info.tsx'),
      route('diary/homework/:id/edit', 'routes/journal/edit.tsx'),
      route('diary/homework/:id/archive', 'routes/journal/archive.tsx'),
      route('diary/homework/:id/resource', 'routes/journal/resource.tsx'),
    ]),
    route('drpb/:code', 'routes/journal/join-by-link.tsx'),
    route('diary/diaryPost/:postId', 'routes/post/view.tsx'),
    route('diary/diaryPost/:postId/revise', 'routes/post/revise.tsx'),
    route('diarySample', 'routes/samples/list.tsx'),
    route('diarySample/new', 'routes/samples/form.tsx', { id: 'sample-new' }),
    route('diarySample/:id/edit', 'routes/samples/form.tsx', { id: 'sample-edit' }),
    route('diarySample/resourcesBook', 'routes/samples/books.tsx'),
    route('diarySample/resourcesBook/:id/resources', 'routes/samples/book.tsx'),
  ]),
  // The student pages: outside the console, for phones (decision 0011).
  layout('routes/student/layout.tsx', [
    route('s', 'routes/student/home.tsx'),
    route('s/login', 'routes/student/login.tsx'),
    route('s/join/:code', 'routes/student/join.tsx'),
    route('s/journal/:id', 'routes/student/journal.tsx'),
    route('s/journal/:id/new', 'routes/student/write.tsx'),
    route('s/post/:postId', 'routes/student/post.tsx'),
  ]),
  route('s/logout', 'routes/student/logout.ts'),
  route('diary/homework/:id/invitation.docx', 'routes/journal/invitation.ts'),
  route('diary/diaryPost/:postId/image', 'routes/post/image.ts'),
  route('404', 'routes/not-found.tsx'),
  route('error', 'routes/error.tsx'),
  route('*', 'routes/catch-all.tsx'),
  // The bench's floor: a static page with no loader, built only for `npm run bench`.
  ...(process.env.BENCH_FLOOR === '1' ? [route('_bench/floor', 'routes/bench-floor.tsx')] : []),
] satisfies RouteConfig
