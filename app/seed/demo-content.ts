/** Post material for the demo school, per language: titles, events, behaviours, teacher comments. */
export const DEMO_CONTENT = {
  'zh-TW': {
    places: ['教室', '操場', '家裡', '圖書館', '公園', '補習班'],
    times: ['早上', '中午', '下午', '放學後', '晚上'],
    posts: [
      { title: '數學考試', event: '今天數學小考，我有一題不會寫。', behavior: '我下課去問老師那一題怎麼算。' },
      { title: '和好朋友吵架', event: '小美說我拿了她的橡皮擦，我們吵起來了。', behavior: '我先冷靜下來，再跟她說清楚。' },
      { title: '運動會練習', event: '我們班在練大隊接力，我跑得很快。', behavior: '我謝謝同學幫我加油。' },
      { title: '弟弟弄壞我的畫', event: '弟弟把我畫了好久的圖撕破了。', behavior: '我告訴媽媽，然後重新畫一張。' },
      { title: '第一次上台報告', event: '我在全班面前報告自然作業，手一直發抖。', behavior: '我深呼吸，慢慢把話說完。' },
      { title: '午餐吃到喜歡的菜', event: '今天營養午餐有我最喜歡的咖哩飯。', behavior: '我跟廚房阿姨說謝謝。' },
      { title: '被同學取笑', event: '有同學笑我的新髮型，我很不舒服。', behavior: '我說出我的感受，請他不要再說了。' },
      { title: '找不到作業簿', event: '早上到學校才發現作業簿忘在家裡。', behavior: '我跟老師道歉，答應明天帶來。' },
    ],
    comments: ['你處理得很好，老師為你驕傲！', '下次可以試著先跟對方說出你的感受。', '謝謝你願意分享，老師都看見了。', '遇到困難記得可以找老師幫忙喔。'],
  },
  en: {
    places: ['Classroom', 'Playground', 'Home', 'Library', 'Park', 'Bus stop'],
    times: ['Morning', 'Lunchtime', 'Afternoon', 'After school', 'Evening'],
    posts: [
      { title: 'Maths quiz', event: 'We had a maths quiz and I could not answer one question.', behavior: 'I asked my teacher to explain it after class.' },
      { title: 'Argument with my friend', event: 'Sam said I took his pencil and we argued.', behavior: 'I calmed down first and then talked to him.' },
      { title: 'Sports day practice', event: 'We practised the relay race and I ran really fast.', behavior: 'I thanked my classmates for cheering.' },
      { title: 'My brother broke my model', event: 'My little brother broke the model I built all week.', behavior: 'I told mum and we fixed it together.' },
      { title: 'Speaking in front of the class', event: 'I presented my science project and my hands were shaking.', behavior: 'I took a deep breath and kept going.' },
      { title: 'Pizza for lunch', event: 'School lunch was my favourite pizza today.', behavior: 'I said thank you to the lunch staff.' },
      { title: 'Someone laughed at me', event: 'A classmate laughed at my new glasses.', behavior: 'I told him how I felt and asked him to stop.' },
      { title: 'Forgot my homework', event: 'I left my homework at home this morning.', behavior: 'I apologised and promised to bring it tomorrow.' },
    ],
    comments: ['You handled that really well. I am proud of you!', 'Next time, try telling them how you feel first.', 'Thank you for sharing this with me.', 'Remember you can always ask me for help.'],
  },
  ja: {
    places: ['教室', '校庭', '家', '図書室', '公園', '塾'],
    times: ['朝', '昼休み', '午後', '放課後', '夜'],
    posts: [
      { title: '算数のテスト', event: '算数の小テストで、一問わからなかった。', behavior: '休み時間に先生に聞きに行った。' },
      { title: '友だちとけんか', event: 'ゆうきが消しゴムを取ったと言って、けんかになった。', behavior: 'まず落ち着いてから、話し合った。' },
      { title: '運動会の練習', event: 'リレーの練習で、すごく速く走れた。', behavior: '応援してくれた友だちにお礼を言った。' },
      { title: '弟が絵をやぶった', event: '弟が、ずっとかいていた絵をやぶってしまった。', behavior: 'お母さんに話して、もう一度かいた。' },
      { title: 'はじめての発表', event: 'みんなの前で理科の発表をして、手がふるえた。', behavior: '深呼吸して、ゆっくり最後まで話した。' },
      { title: '給食のカレー', event: '今日の給食は大好きなカレーだった。', behavior: '給食の先生にありがとうと言った。' },
      { title: 'からかわれた', event: '新しい髪型をからかわれて、いやな気持ちになった。', behavior: '気持ちを伝えて、やめてと言った。' },
      { title: '宿題をわすれた', event: '朝、宿題を家にわすれたことに気づいた。', behavior: '先生にあやまって、明日持ってくると約束した。' },
    ],
    comments: ['よくがんばったね。先生はうれしいよ。', '次は、まず自分の気持ちを伝えてみよう。', '話してくれてありがとう。', 'こまったら、いつでも先生に相談してね。'],
  },
} as const

/** Per post template: emotions a child would pick and the behaviour codes that fit. */
export const POST_FEELINGS: { emotions: string[]; behaviours: number[] }[] = [
  { emotions: ['12', '13'], behaviours: [1, 8] },
  { emotions: ['17', '11'], behaviours: [4, 6] },
  { emotions: ['3', '4', '7'], behaviours: [9] },
  { emotions: ['B', 'D'], behaviours: [1, 8] },
  { emotions: ['F', 'E', '4'], behaviours: [4, 8] },
  { emotions: ['3', '6'], behaviours: [9] },
  { emotions: ['B', '16'], behaviours: [6, 7] },
  { emotions: ['C', '13'], behaviours: [3, 2] },
]
