/**
 * Words a teacher's comment may not carry to a student (spec 2: a comment that hits the word filter
 * gets status 2 and shows greyed). English words match whole; Chinese and Japanese anywhere.
 */
const WHOLE_WORDS = ['stupid', 'idiot', 'dumb', 'loser', 'moron', 'shut up', 'hate you', 'useless']
const ANYWHERE = ['笨蛋', '白痴', '白癡', '閉嘴', '廢物', '去死', '蠢', 'ばか', 'バカ', 'あほ', 'アホ', 'うざい', '死ね', 'きもい']

const wholeWord = new RegExp(`\\b(${WHOLE_WORDS.map((w) => w.replace(/ /g, '\\s+')).join('|')})\\b`, 'i')

export function hitsWordFilter(text: string) {
  return wholeWord.test(text) || ANYWHERE.some((w) => text.includes(w))
}
