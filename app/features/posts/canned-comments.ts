import { COMMENT_TYPE } from './constants'

/** The library's canned phrases (spec 2: 10 Chinese and 10 English), by comment type. */
export const CANNED_COMMENTS: { lang: 'zh' | 'en'; type: number; comment: string }[] = [
  { lang: 'en', type: COMMENT_TYPE.praise, comment: 'Thank you for sharing this with me.' },
  { lang: 'en', type: COMMENT_TYPE.praise, comment: 'You described your feelings very clearly.' },
  { lang: 'en', type: COMMENT_TYPE.praise, comment: 'That was a brave thing to do. I am proud of you.' },
  { lang: 'en', type: COMMENT_TYPE.advice, comment: 'Next time, try taking a deep breath before you answer.' },
  { lang: 'en', type: COMMENT_TYPE.advice, comment: 'You can always come and talk to me about this.' },
  { lang: 'en', type: COMMENT_TYPE.advice, comment: 'How do you think your friend felt? Try writing about it.' },
  { lang: 'en', type: COMMENT_TYPE.error, comment: 'Check the spelling in this sentence.' },
  { lang: 'en', type: COMMENT_TYPE.error, comment: 'Remember to use the past tense for things that already happened.' },
  { lang: 'en', type: COMMENT_TYPE.other, comment: 'Let us talk about this together tomorrow.' },
  { lang: 'en', type: COMMENT_TYPE.other, comment: 'I have shared this with your parents so they can help too.' },
  { lang: 'zh', type: COMMENT_TYPE.praise, comment: '謝謝你願意和老師分享。' },
  { lang: 'zh', type: COMMENT_TYPE.praise, comment: '你把自己的心情寫得很清楚，很棒！' },
  { lang: 'zh', type: COMMENT_TYPE.praise, comment: '你很勇敢，老師以你為榮。' },
  { lang: 'zh', type: COMMENT_TYPE.advice, comment: '下次可以先深呼吸，再說出你的想法。' },
  { lang: 'zh', type: COMMENT_TYPE.advice, comment: '有需要隨時可以來找老師聊聊。' },
  { lang: 'zh', type: COMMENT_TYPE.advice, comment: '想一想，對方當時的心情是什麼？試著寫下來。' },
  { lang: 'zh', type: COMMENT_TYPE.error, comment: '這一句有錯字，再檢查一次喔。' },
  { lang: 'zh', type: COMMENT_TYPE.error, comment: '標點符號要再注意一下。' },
  { lang: 'zh', type: COMMENT_TYPE.other, comment: '明天我們一起聊聊這件事。' },
  { lang: 'zh', type: COMMENT_TYPE.other, comment: '老師會和家長一起關心你。' },
]
