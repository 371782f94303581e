import type { ColumnType, Generated } from 'kysely'

// Kysely table types. Booleans are integers 0/1 and timestamps UTC ISO-8601 text on both dialects.
export interface Database {
  users: UsersTable
  credentials: CredentialsTable
  sessions: SessionsTable
  login_attempts: LoginAttemptsTable
  email_codes: EmailCodesTable
  plans: PlansTable
  plan_functions: PlanFunctionsTable
  user_plans: UserPlansTable
  schools: SchoolsTable
  teams: TeamsTable
  team_roles: TeamRolesTable
  team_members: TeamMembersTable
  team_plans: TeamPlansTable
  classes: ClassesTable
  journals: JournalsTable
  journal_members: JournalMembersTable
  posts: PostsTable
  post_frames: PostFramesTable
  post_emotions: PostEmotionsTable
  post_behaviours: PostBehavioursTable
  post_topics: PostTopicsTable
  writing_reminders: WritingRemindersTable
  class_jobs: ClassJobsTable
  comments: CommentsTable
  samples: SamplesTable
  resource_books: ResourceBooksTable
  resources: ResourcesTable
  plan_codes: PlanCodesTable
  plan_code_comments: PlanCodeCommentsTable
  contests: ContestsTable
  comment_library: CommentLibraryTable
  student_cases: StudentCasesTable
  post_collections: PostCollectionsTable
  post_reads: PostReadsTable
  post_revisions: PostRevisionsTable
  post_flags: PostFlagsTable
  post_pictures: PostPicturesTable
  password_resets: PasswordResetsTable
  user_identities: UserIdentitiesTable
  vouchers: VouchersTable
  sent_mails: SentMailsTable
  avatars: AvatarsTable
  quests: QuestsTable
  quest_frames: QuestFramesTable
  journal_quests: JournalQuestsTable
  contest_teams: ContestTeamsTable
  quizzes: QuizzesTable
  journal_quizzes: JournalQuizzesTable
  quiz_results: QuizResultsTable
  notifications: NotificationsTable
  job_slots: JobSlotsTable
  risk_alerts: RiskAlertsTable
  risk_alert_steps: RiskAlertStepsTable
  watch_words: WatchWordsTable
  form_keys: FormKeysTable
  alert_escalations: AlertEscalationsTable
  student_exports: StudentExportsTable
  student_erasures: StudentErasuresTable
  team_log: TeamLogTable
  roster_links: RosterLinksTable
  roster_uploads: RosterUploadsTable
  roster_sources: RosterSourcesTable
  erased_alerts: ErasedAlertsTable
  student_views: StudentViewsTable
  family_packs: FamilyPacksTable
  ebooks: EbooksTable
  ebook_posts: EbookPostsTable
  ebook_pages: EbookPagesTable
  ebook_images: EbookImagesTable
  ebook_exports: EbookExportsTable
  ebook_shares: EbookSharesTable
}

export interface PasswordResetsTable {
  id: Generated<number>
  user_id: number
  code_hash: string
  expires_at: string
  used_at: string | null
  created_at: string
}

export type IdentityPlatform = 'google' | 'openid'
export interface UserIdentitiesTable {
  id: Generated<number>
  user_id: number
  platform: IdentityPlatform
  subject: string
  email: string | null
  created_at: string
}

/** Mails a user sent to others (journal invitations), for their limits. */
export interface SentMailsTable {
  id: Generated<number>
  kind: 'invitation'
  sender_id: number
  journal_id: number | null
  created_at: string
}

export interface VouchersTable {
  id: Generated<number>
  code: string
  owner_id: number | null
  plan_id: number
  days: number
  status: number
  expire_date: string
  source_key: string | null
  transferred_to: number | null
  used_at: string | null
  created_at: string
}

export interface AvatarsTable {
  id: string
  user_id: number
  data: Buffer
  created_at: string
}

export type UserKind = 'teacher' | 'student'
export type Mode = 'personal' | 'team'

export interface UsersTable {
  id: Generated<number>
  /** 1: each digest is also sent by e-mail (decision 0037). */
  digest_mail: ColumnType<number, number | undefined, number>
  account: string
  kind: UserKind
  email: string | null
  email_verified: number
  name: string | null
  nickname: string | null
  gender: 'm' | 'f' | null
  birthday: string | null
  avatar_url: string | null
  locale: string
  info_set: number
  school_id: number | null
  position: string | null
  invite_code: string
  invited_by: number | null
  class_id: number | null
  mode: Mode
  last_login_at: string | null
  created_at: string
  /** An account that may not sign in: a student awaiting erasure (decision 0047). */
  disabled_at: ColumnType<string | null, string | null | undefined, string | null>
  /** The name's reading in kana (OneRoster's Japan Profile, decision 0075), shown beside it in Japanese. */
  name_kana: ColumnType<string | null, string | null | undefined, string | null>
}

export interface CredentialsTable {
  user_id: number
  password_hash: string
  updated_at: string
}

export interface SessionsTable {
  id: string
  user_id: number | null
  data: string
  expires_at: string
  created_at: string
  /** Set when the user's plan or rights changed by someone else's act: the snapshot is read again. */
  values_changed_at: string | null
}

export interface LoginAttemptsTable {
  id: Generated<number>
  key: string
  at: string
}

export interface EmailCodesTable {
  id: Generated<number>
  user_id: number
  email: string
  code_hash: string
  attempts: number
  expires_at: string
  used_at: string | null
  created_at: string
}

export interface PlansTable {
  id: Generated<number>
  code: string
  level: number
  student_limit: number
  number_limit: number
}

export interface PlanFunctionsTable {
  plan_id: number
  function_id: string
  is_pay: number
}

export interface UserPlansTable {
  id: Generated<number>
  user_id: number
  plan_id: number
  start_date: string
  end_date: string | null
  created_at: string
}

export interface SchoolsTable {
  id: Generated<number>
  country: string
  level1: string | null
  level2: string | null
  level3: string | null
  name: string
  created_at: string
}

export interface TeamsTable {
  id: Generated<number>
  name: string
  school_id: number | null
  created_at: string
  /** The school's calendar (decision 0046): school days (1 Monday … 7 Sunday, comma-separated), the school day's hours, closed dates. */
  school_days: ColumnType<string, string | undefined, string>
  school_start_hour: ColumnType<number, number | undefined, number>
  school_end_hour: ColumnType<number, number | undefined, number>
  closed_dates: ColumnType<string, string | undefined, string>
  /** Retention (decision 0047): diaries older than this many school years are deleted; null, off. */
  retention_years: ColumnType<number | null, number | null | undefined, number | null>
  /** The month a school year starts (1–12). */
  school_year_start_month: ColumnType<number, number | undefined, number>
  /** The cutoff (a date) the admins were told of, and when: a deletion waits 30 days after its notice. */
  retention_notice_before: ColumnType<string | null, string | null | undefined, string | null>
  retention_notice_at: ColumnType<string | null, string | null | undefined, string | null>
  /** The school's zone, for its teachers' pages outside a journal (a journal has its own). */
  time_zone: ColumnType<string, string | undefined, string>
}

export interface TeamRolesTable {
  id: number
  key: string
  can_edit_role: number
}

export interface TeamMembersTable {
  team_id: number
  user_id: number
  role_id: number
  joined_at: string
}

export interface TeamPlansTable {
  id: Generated<number>
  team_id: number
  plan_id: number
  start_date: string
  end_date: string
  number_limit: number
  student_limit: number
  status: number
  created_at: string
}

export interface ClassesTable {
  id: Generated<number>
  owner_id: number
  school_year: number
  grade: number
  class_no: string
}

export interface JournalsTable {
  id: Generated<number>
  owner_id: number
  team_id: number | null
  name: string
  description: string
  label_color_code: number
  user_classes: string
  grade: number | null
  speech_lang: string
  calendar_mode: number
  ai_scoring: number
  expire_type: number
  expire_time: string | null
  diary_publish_num: number
  share_type: string
  sub_type: string
  notify_submit_time: number | null
  notify_stat_time: number | null
  notify_extreme_time: number | null
  /** The school's zone (the saving teacher's browser): digest hours are read in it. */
  time_zone: ColumnType<string, string | undefined, string>
  /** School hours a high alert may wait unopened before it escalates by itself (decision 0046). */
  escalate_after_hours: ColumnType<number, number | undefined, number>
  /** Whether a student agrees before a link to their diary is shared (decision 0047). */
  share_consent: ColumnType<ShareConsentRule, ShareConsentRule | undefined, ShareConsentRule>
  invite_code: string
  invite_code_expires_at: string | null
  teacher_invite_code: string | null
  resource_book_id: number | null
  contest_id: number | null
  archived_at: string | null
  created_at: string
  last_post_at: string | null
  /** Kept by triggers on posts (migration 0035). */
  post_count: Generated<number>
}

export interface JournalMembersTable {
  journal_id: number
  user_id: number
  role: 'student' | 'teacher'
  drp_status: number
  joined_at: string
  /** A student archived from the journal (irreversible): gone from its lists. */
  archived_at: ColumnType<string | null, string | null | undefined, string | null>
}

export interface PostsTable {
  id: Generated<number>
  journal_id: number
  creator_id: number
  title: string
  diary_date: string
  location: string
  happen_time: string
  status: number
  score: number | null
  is_video: number
  created_at: string
  updated_at: string
  /** Has a positive feeling, has a negative one (1 or 0): kept by triggers on post_emotions (migration 0010). */
  mood_p: Generated<number>
  mood_n: Generated<number>
  quest_id: ColumnType<number | null, number | null | undefined, number | null>
  /** JSON list of the score's reasons (features/quests/scoring.ts). */
  score_reasons: ColumnType<string | null, string | null | undefined, string | null>
  /** 'rules', 'ai' or 'teacher' (an override). */
  score_source: ColumnType<string | null, string | null | undefined, string | null>
  /** The first visible comment of a teacher of the journal, and the seconds to it: kept by triggers on comments (migration 0030). */
  first_answer_at: Generated<string | null>
  answer_secs: Generated<number | null>
  /** The topic lexicon's version that read the post's event; null until read (migrations 0031, 0032). */
  topics_version: Generated<number | null>
  /** Bit masks of the post's topics, feelings and behaviours: kept by triggers (migration 0033, features/insights/masks.ts). */
  topic_mask: Generated<number>
  emotion_mask: Generated<number>
  behaviour_mask: Generated<number>
}

/** A teacher's reminder to a student to write, once a school day per journal (decision 0052, migration 0034). */
export interface WritingRemindersTable {
  journal_id: number
  student_id: number
  /** The school day in the journal's zone (YYYY-MM-DD). */
  day: string
  teacher_id: number | null
  reminded_at: string
  /** 1 when an e-mail went to the student too. */
  mailed: ColumnType<number, number | undefined, number>
}

/** Work for a whole class in one job, the job now or the last one (decision 0053, migration 0036). */
export interface ClassJobsTable {
  journal_id: number
  /** 'books': the class's e-books; 'packs': the parent-meeting pack of the class. */
  kind: 'books' | 'packs'
  made_by: number | null
  /** JSON: what the teacher chose for the job. */
  settings: string
  /** JSON: the chosen students' ids, in the order the job takes them. */
  student_ids: string
  /** JSON: one entry per student done. */
  results: string
  current_student_id: number | null
  status: 'running' | 'done' | 'failed'
  /** What the job makes as one file (the pack's PDF), when it is done. */
  file: Buffer | null
  started_at: string
  heartbeat_at: string
  finished_at: string | null
}

/** A topic of a post's event (features/topics/lexicon.ts). */
export interface PostTopicsTable {
  post_id: number
  topic: string
}

export interface PostFramesTable {
  id: Generated<number>
  post_id: number
  position: number
  frame_type: 'event' | 'emotion' | 'behavior'
  message: string
  img_url: string | null
}

export interface PostEmotionsTable {
  post_id: number
  frame_id: number
  emotion_code: string
}

export interface PostBehavioursTable {
  post_id: number
  frame_id: number
  behaviour_code: number
}

export interface CommentsTable {
  id: Generated<number>
  post_id: number
  msg_id: number | null
  author_id: number
  comment: string
  type: number
  status: number
  created_at: string
  updated_at: string
}

export interface SamplesTable {
  id: Generated<number>
  owner_id: number
  name: string
  description: string
  label_color_code: number
  speech_lang: 'zh' | 'en'
  ai_scoring: number
  student_limit: number
  published: number
  created_at: string
  updated_at: string
}

export interface ResourceBooksTable {
  id: Generated<number>
  name: string
  description: string
  label_color_code: number
  speech_lang: string
  student_limit: number
  has_pay: number
  /** The course-book code a teacher types to start a journal from the book. */
  course_code: string
  intro_url: string | null
  created_at: string
}

export interface ResourcesTable {
  id: Generated<number>
  book_id: number
  title: string
  link: string
  type: 'pdf' | 'doc' | 'video' | 'link'
  sort: number
}

/** A prepaid plan code (login serial number, spec 3): bound to one journal once used. */
export interface PlanCodesTable {
  id: Generated<number>
  exchange_code: string | null
  owner_id: number | null
  book_id: number | null
  plan_days: number
  student_limit: number
  exchange_expire_date: string
  sold_date: string | null
  used_by: number | null
  use_date: string | null
  use_expire_date: string | null
  journal_id: number | null
  created_at: string
  /** Set on a code used up to renew another (that one's id). */
  renewed_into: number | null
}

export interface PlanCodeCommentsTable {
  id: Generated<number>
  plan_code_id: number
  author_id: number
  comment: string
  created_at: string
}

export interface ContestsTable {
  id: Generated<number>
  /** Contains "ct_": how the create dialog tells a contest code from a course-book code. */
  code: string
  name: string
  starts_at: string
  ends_at: string
  max_journals: number
  created_at: string
  /** 0 unrestricted, 1 primary, 2 junior high, 3 senior high, 4 college (spec 3 constants). */
  age_group: Generated<number>
  /** How many days a team answers, from its start date. */
  ans_days: Generated<number>
  /** The window a team's start date must fall in (dates, school zone). */
  start_date_min: string | null
  start_date_max: string | null
  quest_number: Generated<number>
  instructions: Generated<string>
}

/** A quest: a contest's own (contest_id) or a teacher's sample quest in one journal (journal_id). */
export interface QuestsTable {
  id: Generated<number>
  contest_id: number | null
  journal_id: number | null
  lang: string
  title: string
  description: string
  sort: number
  deleted_at: string | null
  created_at: string
  updated_at: string
}

export interface QuestFramesTable {
  id: Generated<number>
  quest_id: number
  position: number
  frame_type: 'event' | 'story' | 'behavior'
  title: string
  /** JSON: a list of example texts; for a behaviour frame, ten lists (one per behaviour slot). */
  samples: string
}

export interface JournalQuestsTable {
  journal_id: number
  quest_id: number
  position: number
}

/** The one team of a contest journal. */
export interface ContestTeamsTable {
  id: Generated<number>
  contest_id: number
  journal_id: number
  name: string
  school_name: string
  start_date: string | null
  start_date_changes: Generated<number>
  pick_type: number
  /** The sum of its quest posts' scores, kept by triggers on posts (migration 0017). */
  total_score: Generated<number>
  created_at: string
}

export interface CommentLibraryTable {
  id: Generated<number>
  owner_id: number | null
  comment: string
  revise_type: number
  is_default: number
  /** The canned phrases' language ('zh', 'en' or 'ja'); null for a teacher's own entries. */
  lang: 'zh' | 'en' | 'ja' | null
  created_at: string
}

export interface StudentCasesTable {
  teacher_id: number
  journal_id: number
  student_id: number
  created_at: string
}

export interface PostCollectionsTable {
  user_id: number
  post_id: number
  created_at: string
}

export interface PostReadsTable {
  user_id: number
  post_id: number
  read_at: string
}

export interface PostRevisionsTable {
  frame_id: number
  post_id: number
  author_id: number
  text: string
  updated_at: string
}

export interface PostFlagsTable {
  post_id: number
  category: 'violence' | 'sexual' | 'selfHarm'
  /** The matched words, comma-separated, as found in the post. */
  words: string
  created_at: string
}

export interface PostPicturesTable {
  /** A random UUID: the picture's URL is /pictures/{id}. */
  id: string
  owner_id: number
  content_type: string
  data: Buffer
  width: number
  height: number
  created_at: string
}

export interface QuizzesTable {
  id: Generated<number>
  lang: string
  title: string
  description: Generated<string>
  /** JSON: [{ title, options: [{ grade, text }] }] (features/assessments/quiz.ts). */
  questions: string
  created_at: string
}

/** A run of a quiz in a journal: round 1, 2 … (a pre-test, then a post-test); open until closed_at. */
export interface JournalQuizzesTable {
  id: Generated<number>
  journal_id: number
  quiz_id: number
  round: number
  opened_by: number | null
  opened_at: string
  closed_at: string | null
}

export interface QuizResultsTable {
  id: Generated<number>
  uuid: string
  run_id: number
  journal_id: number
  student_id: number
  /** JSON: the chosen grade of each question, in the quiz's order. */
  answers: string
  total: number
  created_at: string
}

/** One notification of one reader (decision 0037): the message is a key and its parameters. */
export interface NotificationsTable {
  id: Generated<number>
  user_id: number
  /** 'd' a journal's event, 'c' a comment (spec 3). */
  type: 'd' | 'c'
  /** What happened, the same for every reader of the event: (user_id, event_key) is unique. */
  event_key: string
  msg_key: string
  /** JSON: the message's parameters. */
  params: string
  link: string
  actor_id: number | null
  journal_id: number | null
  created_at: string
  read_at: string | null
}

/** A scheduled slot, run by whoever inserted its key (decision 0037). */
export interface JobSlotsTable {
  slot: string
  claimed_at: string
}

export type AlertRule = 'words' | 'streak' | 'drop'
export type AlertSeverity = 'high' | 'medium'
export type AlertStatus = 'open' | 'acknowledged' | 'snoozed' | 'resolved'
export type AlertVerdict = 'right' | 'false_alarm' | 'missed'

/** A risk alert of a student in a journal (decision 0037). */
/** A school's own watch word, of a journal or of a team (decision 0062, migration 0039): exactly one of the two ids is set. */
export interface WatchWordsTable {
  id: Generated<number>
  journal_id: number | null
  team_id: number | null
  /** As the teacher typed it (clean text). */
  phrase: string
  /** How it is matched: the text module's normal form (features/text/watch-words.server.ts); unique per list. */
  phrase_key: string
  /** A category of the safeguarding taxonomy (features/alerts/categories.ts). */
  category: string
  added_by: number | null
  created_at: string
}

export interface RiskAlertsTable {
  id: Generated<number>
  journal_id: number
  student_id: number
  rule: AlertRule
  severity: AlertSeverity
  status: ColumnType<AlertStatus, AlertStatus | undefined, AlertStatus>
  snooze_until: string | null
  /** JSON: why it was raised (features/alerts/rules.ts, AlertReasons). */
  reasons: string
  created_at: string
  updated_at: string
  resolved_at: string | null
  /** The resolving teacher's word on it (decision 0042): right, a false alarm, or it missed something. */
  verdict: ColumnType<AlertVerdict | null, AlertVerdict | null | undefined, AlertVerdict | null>
  /** The teacher who raised it on a post that raised nothing ("this worries me"): a miss of the assessment. */
  flagged_by: ColumnType<number | null, number | null | undefined, number | null>
  /** When it was found unopened past its time and escalated by itself (decision 0046): set once. */
  overdue_at: ColumnType<string | null, string | null | undefined, string | null>
  /** The counsellor who took it, and when. */
  taken_by: ColumnType<number | null, number | null | undefined, number | null>
  taken_at: ColumnType<string | null, string | null | undefined, string | null>
}

/** To whom an alert was escalated (decision 0046): one row a person; `escalated_by` null when it escalated by itself. */
export interface AlertEscalationsTable {
  id: Generated<number>
  alert_id: number
  user_id: number
  escalated_by: number | null
  note: ColumnType<string, string | undefined, string>
  at: string
}

/**
 * A step of the trail. Decision 0046: escalated (by a teacher, or by itself when nobody opened it in
 * time: user null), reminded (the same for a journal without a team), taken (by a counsellor), step
 * (a counsellor's note of what was done), recorded (someone printed the record for the school's file).
 */
export type AlertStepAction = 'raised' | 'evidence' | 'seen' | 'acknowledged' | 'snoozed' | 'resolved' | 'reopened' | 'escalated' | 'noted' | 'reminded' | 'taken' | 'step' | 'recorded'

/** One step of an alert's trail: raised, more evidence, seen, acknowledged, snoozed, resolved, reopened. */
export interface RiskAlertStepsTable {
  id: Generated<number>
  alert_id: number
  /** null: the console itself (raised, more evidence). */
  user_id: number | null
  action: AlertStepAction
  note: ColumnType<string, string | undefined, string>
  at: string
}

/** A student's e-book of a journal (decision 0039): one per student and journal. */
export interface EbooksTable {
  id: Generated<number>
  journal_id: number
  student_id: number
  made_by: number | null
  /** Made by a teacher of the journal, or by the student. */
  made_as: 'teacher' | 'student'
  name: ColumnType<string, string | undefined, string>
  about_author: ColumnType<string, string | undefined, string>
  thanks: ColumnType<string, string | undefined, string>
  postscript: ColumnType<string, string | undefined, string>
  /** 1: the book has the message board (the teachers' comments on its posts). */
  message_board: ColumnType<number, number | undefined, number>
  created_at: string
  edited_at: string
  generated_at: string | null
}

export interface EbookPostsTable {
  ebook_id: number
  post_id: number
  position: number
}

export interface EbookPagesTable {
  id: Generated<number>
  ebook_id: number
  position: number
  type: '1' | '2' | '2L' | '3' | '4'
  post_id: number | null
  template_id: string
  /** JSON: the template as edited on this page; null while it is the built-in one. */
  template: string | null
  /** The page's picture (SVG); null while it is being drawn. */
  picture: string | null
  updated_at: string
}

export interface EbookImagesTable {
  id: string
  ebook_id: number
  content_type: string
  data: Buffer
  width: number
  height: number
  created_at: string
}

/** A book's PDF and the job that makes it (decision 0040): one a book. */
export interface EbookExportsTable {
  ebook_id: number
  /** running: a process is making it (its heartbeat recent); done: `pdf` is the book as of `book_version`; failed. */
  status: 'running' | 'done' | 'failed'
  /** The book's `edited_at` when the job started: a PDF is the book's only while they match. */
  book_version: string
  pages_done: ColumnType<number, number | undefined, number>
  pages_total: ColumnType<number, number | undefined, number>
  pdf: Buffer | null
  started_at: string
  heartbeat_at: string
  finished_at: string | null
}

/** A book's share link (decision 0040): one at a time; stopping deletes it. */
export interface EbookSharesTable {
  ebook_id: number
  token: string
  /** argon2id of the link's password; null for a link without one. */
  password_hash: string | null
  created_at: string
  /** The link ends then (decision 0047: 7 days by default, 30 at most). */
  expires_at: ColumnType<string | null, string | null | undefined, string | null>
  /** A teacher's link waits for the student's consent where the journal asks for it (decision 0047). */
  consent: ColumnType<Exclude<PackConsent, 'none'>, Exclude<PackConsent, 'none'> | undefined, Exclude<PackConsent, 'none'>>
  consent_at: ColumnType<string | null, string | null | undefined, string | null>
}

/** A zip of one student's data in a journal (decision 0047), made as a job; its link lives 7 days. */
export interface StudentExportsTable {
  id: Generated<number>
  journal_id: number
  student_id: number
  requested_by: number | null
  /** The README's and the PDF's language: the requester's. */
  lang: string
  status: 'running' | 'done' | 'failed'
  done: ColumnType<number, number | undefined, number>
  total: ColumnType<number, number | undefined, number>
  size: number | null
  /** The download's secret part: the file is DATA_DIR/exports/{token}.zip. */
  token: string
  created_at: string
  heartbeat_at: string
  finished_at: string | null
  expires_at: string
}

/** An erasure of a student's account and data (decision 0047): pending 30 days (undoable), then done. */
export interface StudentErasuresTable {
  id: Generated<number>
  student_id: number | null
  journal_id: number | null
  team_id: number | null
  requested_by: number | null
  requested_at: string
  due_at: string
  status: 'pending' | 'undone' | 'done'
  /** JSON: the journal ids whose membership the erasure archived. */
  memberships: ColumnType<string, string | undefined, string>
  undone_by: number | null
  undone_at: string | null
  done_at: string | null
  /** JSON: what was erased, as counts. */
  counts: string | null
}

/** The school's log of its duties to children's data (decision 0047): counts, never content. */
export interface TeamLogTable {
  id: Generated<number>
  team_id: number | null
  owner_id: number | null
  kind: 'erasure' | 'retention' | 'roster'
  /** JSON: the entry's counts and dates. */
  details: string
  at: string
}

/** A risk alert of a student since erased: anonymous, for the school's figures (decision 0047). */
export interface ErasedAlertsTable {
  id: Generated<number>
  journal_id: number
  rule: AlertRule
  severity: AlertSeverity
  status: AlertStatus
  verdict: AlertVerdict | null
  flagged: ColumnType<number, number | undefined, number>
  created_at: string
  resolved_at: string | null
}

/** Who looked at a student's data (decision 0047): one row per person, student and (school) day. */
export interface StudentViewsTable {
  viewer_id: number
  student_id: number
  day: string
  /** Bits of what was opened: 1 posts, 2 alerts, 4 report, 8 exports. */
  kinds: number
  /** The journal of the last look (a student may be in several). */
  journal_id: number | null
  first_at: string
  last_at: string
}

export type ShareConsentRule = 'under13' | 'always' | 'never'
export type PackConsent = 'none' | 'needed' | 'agreed' | 'declined' | 'notNeeded'

/** A family pack (decision 0047): chosen posts and a note as a PDF, with an optional share link the student may have to agree to. */
export interface FamilyPacksTable {
  id: Generated<number>
  journal_id: number
  student_id: number
  made_by: number | null
  note: ColumnType<string, string | undefined, string>
  /** JSON: the chosen posts' ids, in date order. */
  post_ids: string
  period_from: string
  period_to: string
  pdf: Buffer
  created_at: string
  share_token: string | null
  share_password_hash: string | null
  share_expires_at: string | null
  share_revoked_at: string | null
  consent: ColumnType<PackConsent, PackConsent | undefined, PackConsent>
  consent_at: string | null
}

/** One-time form keys (migration 0040, decision 0072): a form's key and what its first send answered, for a day. */
export interface FormKeysTable {
  key: string
  /** The action's URL path the key was sent to. */
  path: string
  /** `pending` while the first send runs; `done` once `answer` is kept; `parked` when sent signed out (decision 0074). */
  state: 'pending' | 'done' | 'parked'
  /** The first send's answer as JSON (features/once/keys.server.ts); a parked form's fields. */
  answer: string | null
  created_at: string
}
/** What a roster's id became here, per team or owner (decision 0075, migration 0041). */
export interface RosterLinksTable {
  id: Generated<number>
  team_id: number | null
  owner_id: number | null
  source: 'oneroster' | 'classroom'
  kind: 'class' | 'user' | 'enrollment'
  sourced_id: string
  local_id: number
  name: string
  data: string
  modified_at: string | null
  archived_at: string | null
  updated_at: string
}
/** A previewed roster waiting for its apply (decision 0075). */
export interface RosterUploadsTable {
  id: string
  user_id: number
  team_id: number | null
  source: 'csv' | 'rest' | 'classroom'
  roster: string
  created_at: string
}
/** A OneRoster REST service a team or a teacher pulls rosters from (decision 0076, migration 0042). */
export interface RosterSourcesTable {
  id: Generated<number>
  team_id: number | null
  owner_id: number | null
  base_url: string
  token_url: string
  client_id: string
  secret_sealed: string
  nightly: ColumnType<number, number | undefined, number>
  set_by: number | null
  last_pull_at: string | null
  last_error: string | null
  updated_at: string
}
