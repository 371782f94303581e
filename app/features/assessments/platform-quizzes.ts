import type { QuizQuestion } from './quiz'

/**
 * The platform's quizzes, in the three languages (decision 0036): seeded into every database as
 * reference data, each (language, key) once. Wording written for the console, not a licensed
 * instrument: a class check-in, not a diagnosis.
 */
interface PlatformQuiz {
  key: string
  lang: 'en' | 'zh-TW' | 'ja'
  title: string
  description: string
  questions: QuizQuestion[]
}

const graded = (texts: string[]) => texts.map((text, i) => ({ grade: i + 1, text }))
const ask = (titles: string[], options: string[]) => titles.map((title) => ({ title, options: graded(options) }))

export const PLATFORM_QUIZZES: PlatformQuiz[] = [
  {
    key: 'mood',
    lang: 'en',
    title: 'Mood check',
    description: 'Five questions about the past week. Higher totals mean a better week (5 to 25).',
    questions: ask(
      ['This week I felt happy at school.', 'When something bothered me, I had someone to talk to.', 'When I was upset, I could calm myself down.', 'I slept well and felt rested.', 'I looked forward to the next day.'],
      ['Never', 'Rarely', 'Sometimes', 'Often', 'Always'],
    ),
  },
  {
    key: 'mood',
    lang: 'zh-TW',
    title: '心情小檢核',
    description: '五個關於這一週的問題。總分越高，這週過得越好（5 至 25 分）。',
    questions: ask(['這星期我在學校覺得開心。', '有事情困擾我時，我有人可以說。', '我生氣或難過時，能讓自己平靜下來。', '我睡得好，醒來覺得有精神。', '我期待明天的到來。'], ['從不', '很少', '有時', '常常', '總是']),
  },
  {
    key: 'mood',
    lang: 'ja',
    title: 'きもちチェック',
    description: 'この一週間についての五つの質問です。合計が高いほど、よい一週間でした（5〜25点）。',
    questions: ask(
      ['今週、学校で楽しいと感じた。', '困ったとき、話せる人がいた。', 'いやな気持ちのとき、自分を落ち着かせることができた。', 'よく眠れて、すっきり起きられた。', '次の日が楽しみだった。'],
      ['まったくない', 'あまりない', 'ときどき', 'よくある', 'いつも'],
    ),
  },
  {
    key: 'belonging',
    lang: 'en',
    title: 'Friends and belonging',
    description: 'Four questions about friends and the class (4 to 16).',
    questions: ask(['I have friends in my class.', 'Classmates include me in games and group work.', 'I help classmates when they need it.', 'I feel I belong in my class.'], ['Not true', 'A little true', 'Mostly true', 'Very true']),
  },
  {
    key: 'belonging',
    lang: 'zh-TW',
    title: '友誼與歸屬感',
    description: '四個關於朋友和班級的問題（4 至 16 分）。',
    questions: ask(['我在班上有朋友。', '同學會邀我一起玩或分組。', '同學需要時，我會幫忙。', '我覺得自己是班上的一份子。'], ['不符合', '有點符合', '大致符合', '非常符合']),
  },
  {
    key: 'belonging',
    lang: 'ja',
    title: '友だちとクラス',
    description: '友だちとクラスについての四つの質問です（4〜16点）。',
    questions: ask(['クラスに友だちがいる。', 'クラスメートが遊びやグループ活動に入れてくれる。', 'クラスメートが困っているとき、手伝う。', '自分はこのクラスの一員だと感じる。'], ['あてはまらない', '少しあてはまる', 'だいたいあてはまる', 'とてもあてはまる']),
  },
]
