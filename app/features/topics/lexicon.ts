/**
 * The topic lexicon (decision 0049): what a post's event is about, in the three
 * languages. A word maps to a topic when the post's title or event frame holds it as the language
 * analysers read words (features/text/tokens.server.ts): English by lemma ("tests",
 * "tested" are "test"; a phrase of several words, word after word), Chinese as jieba's words in
 * simplified characters (written here in Traditional, converted when the lexicon is first used),
 * Japanese by kuromoji's base forms (「遊んだ」 is 「遊ぶ」). A Chinese or Japanese word of two
 * characters or more also matches inside a longer word the analyser made (「數學課」 holds 「數學」;
 * three or more in hiragana); a single character only as a whole word, so 「親友」 holds no 「親」
 * and 「熱心」 no 「熱」. A post may have several topics, or none.
 *
 * Change a list, then raise TOPIC_LEXICON_VERSION: every post is read again in the background.
 */
export const TOPICS = ['school', 'friends', 'family', 'teachers', 'play', 'health', 'pets', 'screens', 'loss', 'leftOut', 'outings'] as const
export type Topic = (typeof TOPICS)[number]
export const isTopic = (value: string): value is Topic => (TOPICS as readonly string[]).includes(value)

export const TOPIC_LEXICON_VERSION = 4

type Words = Record<Topic, string>

const en: Words = {
  school:
    'test|exam|quiz|homework|schoolwork|school work|maths|math|spelling|science|lesson|grade|report card|project|assignment|essay|worksheet|textbook|study|tutor|cram school|times table|dictation|presentation|fractions|multiplication|subject|science fair',
  friends: 'friend|best friend|bff|classmate|buddy|pal|playdate|sleepover|friendship|mate|mates|new kid|new boy|new girl',
  family:
    'mum|mom|mother|mummy|mommy|dad|father|daddy|papa|parent|brother|sister|sibling|grandma|grandpa|grandmother|grandfather|granny|nana|aunt|auntie|uncle|cousin|family|stepdad|stepmom|stepmum|twin|nan|nanna|gran|grandad|granddad|grandparents|grandparent|aunty|aunt|step-dad|stepbrother|stepsister|half-brother|half-sister|godmother|godfather',
  teachers: 'teacher|headteacher|head teacher|principal|homeroom teacher|teaching assistant|mr|mrs|ms|sir|tutor',
  play:
    'sport|sports day|football|soccer|basketball|baseball|volleyball|tennis|badminton|dodgeball|swim|race|relay|pe|gym|tag|hide and seek|playground|recess|bike|skateboard|skate|dance|ball|trampoline|lego|toy|doll|team|goal|jump rope|skipping rope|footy|netball|cricket|rugby|hockey|monkey bars|swing|slide|scooter|rollerblade|roller skate|kickflip|climbing frame|chasey|tig|frisbee|karate|taekwondo|judo|gymnastics|ballet',
  health:
    'sick|ill|fever|cough|flu|headache|stomachache|tummy ache|toothache|injure|injury|doctor|hospital|nurse|medicine|dentist|sleep|tired|nightmare|bedtime|stay up|awake|vomit|throw up|sneeze|allergy|bruise|sprain|plaster|bandage|a cold|sore throat|exhausted|sleepy|sunburn|fracture|cast|stitches|plaster cast|unwell|chickenpox|nosebleed|asthma|braces|temperature',
  pets: 'dog|puppy|cat|kitten|pet|hamster|rabbit|bunny|goldfish|parrot|budgie|turtle|tortoise|guinea pig|lizard|walk the dog|vet|walkies|fish tank|class pet|pony',
  screens:
    'phone|ipad|tablet|computer|laptop|tv|television|video game|videogame|minecraft|roblox|fortnite|youtube|tiktok|nintendo|playstation|xbox|screen|screen time|online|internet|app|cartoon|movie|film|nintendo switch|console|gaming|ps5|game boy|netflix|disney plus|streaming|level up',
  loss: 'die|dead|death|funeral|pass away|grave|heaven|cemetery|bury|move away|never see again|changing schools|change schools|changed schools|moved away|is moving away|passed away|moving to|is moving|last day at our school|leaving our school|put down|put to sleep|miss him forever|miss her forever',
  leftOut:
    "left out|leave out|leave me out|lonely|alone|ignore|exclude|nobody|no one|by myself|on my own|not invited|didn|except me|without a partner|no partner|only one without|nobody wanted|no one wanted't invite|wouldn't let me|won't let me|no friends|sit alone|reject|picked last|nobody picked|no one picked|nobody came|no one came|buddy bench|by myself at|on my own at|nobody to play|no one to play|sat on my own",
  outings:
    'weather|rain|sunny|snow|windy|storm|typhoon|thunder|rainbow|freezing|trip|field trip|excursion|park|zoo|museum|beach|sea|mountain|hike|camp|picnic|holiday|vacation|travel|aquarium|farm|theme park|amusement park|cinema|go out|went out|heatwave|heat|degrees|hail|fog|sunscreen|day out|funfair|festival|fireworks|camping|sleep under the stars',
}

const zh: Words = {
  school:
    '考試|小考|段考|月考|期中考|期末考|測驗|考卷|成績|分數|作業|功課|數學|國語|英文課|自然課|社會課|上課|學習|讀書|念書|寫字|背書|報告|補習|作文|聯絡簿|不及格|及格|一百分|題目|作業簿|課本|生字|考|電腦課|美勞課|音樂課|體育課的考|科展|作業本|考試卷|複習|預習|考得|訂正',
  friends: '朋友|好朋友|同學|好友|死黨|玩伴|同伴|友誼|同桌|轉學生|麻吉|好麻吉|閨蜜|姊妹淘|哥們|鄰座|坐我旁邊',
  family: '媽媽|爸爸|媽|爸|哥哥|姐姐|姊姊|弟弟|妹妹|奶奶|爺爺|外婆|外公|阿嬤|阿公|家人|爸媽|父母|叔叔|阿姨|舅舅|表哥|表姐|堂哥|全家|媽咪|爹地|家庭|阿祖|曾祖母|曾祖父|外婆|外公|阿公|阿嬤|表弟|表妹|表哥|表姊|堂弟|堂妹|把拔|馬麻|爸比|媽媽咪|舅公|舅媽|姑姑|姑丈|嬸嬸|伯伯|伯母|叔公|姑婆|姨婆|姨丈|阿伯|阿姨|乾媽|乾爹|哥|姐|妹|弟',
  teachers: '老師|導師|班導|校長|主任',
  play:
    '下課|運動|運動會|籃球|足球|棒球|躲避球|排球|羽毛球|跑步|賽跑|接力|大隊接力|游泳|體育課|跳繩|溜滑梯|盪鞦韆|鬼抓人|捉迷藏|玩具|積木|樂高|比賽|打球|腳踏車|直排輪|跳舞|跆拳道|滑板|溜滑板|溜冰|空手道|扯鈴|桌球|溜直排輪|騎腳踏車|沙坑|玩沙|籃框|投籃|踢球|跳格子|紅綠燈|一二三木頭人|大富翁|桌遊|撲克牌|寶可夢卡',
  health:
    '生病|感冒|發燒|咳嗽|頭痛|肚子痛|牙痛|看醫生|醫生|醫院|護士|吃藥|打針|受傷|流血|跌倒|扭到|睡覺|睡不著|失眠|熬夜|累|累死|好累|做惡夢|惡夢|想睡|牙醫|住院|過敏|流鼻涕|嘔吐|保健室|打瞌睡|打哈欠|睡眠不足|拉肚子|中暑|蛀牙|拔牙|骨折|扭傷|擦傷|破皮|腳痛|手痛|眼睛痛|喉嚨痛|流感|腸胃炎|水痘|沒睡飽|睡不好|累到',
  pets: '狗|小狗|狗狗|貓|小貓|貓咪|寵物|金魚|烏龜|兔子|倉鼠|鸚鵡|遛狗|天竺鼠|柴犬|獸醫|動物醫院|貴賓狗|黃金獵犬|哈士奇|柯基|蜥蜴|寄居蟹|蠶寶寶|孔雀魚|鬥魚',
  screens: '手機|電腦|平板|電視|電動|打電動|遊戲機|線上遊戲|手遊|影片|卡通|網路|上網|追劇|螢幕|傳說對決|當個創世神|要塞英雄|寶可夢|switch|任天堂|youtube|抖音|iPad|打怪|破關|追劇|線上',
  loss: '過世|去世|死掉|死了|葬禮|喪禮|告別式|天堂|再也見不到|轉學|離開我們|往生|不在了|上天堂|火化|掃墓|要搬去|搬家',
  leftOut: '排擠|孤單|孤獨|沒人理|沒有人理|沒人陪|沒有人陪|沒人跟我玩|不理我|不跟我玩|不讓我玩|不讓我加入|被冷落|冷落|被忽略|沒朋友|不找我|落單|自己一個人|只有我沒有|只有我沒|放生|邊緣人|被孤立|孤立|沒有人要|沒人要|隱形人|已讀不回|不讓我一起|沒有人來找我|沒人找我|沒有人找我|一個人站|沒人同組|沒有人跟我|沒人跟我|被排除',
  outings:
    '下雨|雨|天氣|颱風|太陽|好熱|很熱|好冷|很冷|下雪|打雷|彩虹|出去玩|出遊|旅行|旅遊|郊遊|戶外教學|校外教學|公園|動物園|博物館|海邊|沙灘|爬山|露營|野餐|遊樂園|放假|水族館|逛街|夜市|大雨|雷雨|淋雨|寒流|熱死|冰雹|起霧|陰天|大太陽|颳風|風好大|溫泉|泡湯|遊覽車|畢業旅行|游泳池|農場|果園|採草莓',
}

const ja: Words = {
  school:
    'テスト|試験|小テスト|宿題|しゅくだい|算数|数学|国語|漢字|計算|勉強|べんきょう|授業|点数|成績|通知表|発表|音読|塾|教科書|理科|社会|英語|作文|ドリル|かけ算|九九|さんすう|こくご|かんじ|けいさん|じゅく|しけん|てんすう|せいせき|さくぶん|わり算|わりざん|かけざん|図工|ずこう|自由研究|じゆうけんきゅう|じゅぎょう|きょうかしょ|プリント|しらべがくしゅう|調べ学習|ポスター発表|音楽のテスト|プリント|れんらくちょう|連絡帳|がっこうのしゅくだい|さんすうセット|ひっさん|筆算',
  friends: '友達|友だち|ともだち|友人|親友|仲良し|なかよし|クラスメート|同級生|ちゃん|友|とも|クラスの子|となりの席|となりのせき|マブダチ|ダチ|くん|君|おとまり|お泊まり|お泊り|となりの子|クラスメイト',
  family:
    'お母さん|母|ママ|おかあさん|お父さん|父|パパ|おとうさん|兄|お兄ちゃん|おにいちゃん|姉|お姉ちゃん|おねえちゃん|弟|妹|おばあちゃん|おじいちゃん|祖母|祖父|家族|両親|親|いとこ|おばさん|おじさん|じいじ|ばあば|じいちゃん|ばあちゃん|にいちゃん|ねえちゃん|おにい|おねえ|かぞく|りょうしん|おかん|おとん|かあさん|とうさん|おにいちゃん|にいに|ねえね|おかん|おとん|かあちゃん|とうちゃん|おじ|おば|ひいおばあちゃん|ひいおじいちゃん|いとこ',
  teachers: '先生|せんせい|担任|校長|教頭',
  play:
    'サッカー|野球|バスケ|バスケットボール|ドッジボール|鬼ごっこ|おにごっこ|かくれんぼ|運動|運動会|体育|走る|リレー|水泳|プール|縄跳び|なわとび|鉄棒|休み時間|昼休み|試合|部活|ダンス|自転車|おもちゃ|ブランコ|ボール|バレー|テニス|たいいく|うんどうかい|やきゅう|すいえい|けんだま|トランプ|カードゲーム|人生ゲーム|すごろく|ボードゲーム|たいそう|体力テスト|かけっこ|おにごっこ|じてんしゃ|ドッジ|ゆきがっせん|雪合戦|一輪車|いちりんしゃ|すべりだい|すべり台|滑り台|てつぼう|スケボー|ほじょりん|けいどろ|ケイドロ|だるまさんがころんだ|こおりおに|しっぽとり|すなば|砂場|トランプ|カードゲーム|ポケカ|けん玉|けんだま|こま|たこあげ|サッカーのれんしゅう|スイミング',
  health:
    '病気|風邪|かぜ|熱|咳|せき|頭痛|痛い|いたい|病院|医者|保健室|薬|けが|怪我|寝る|眠い|ねむい|眠れる|寝不足|疲れる|つかれる|睡眠|夜更かし|歯医者|入院|吐く|休む|びょうき|ねつ|鼻水|はなみず|インフル|インフルエンザ|眠れない|ねむれない|すりむく|ころぶ|転ぶ|骨折|こっせつ|ねんざ|捻挫|注射|ちゅうしゃ|ゆめ|夢|はいしゃ|むしば|虫歯|つき指|突き指|いねむり|居眠り|へとへと|ヘトヘト|くたくた|クタクタ|ねぶそく|寝不足|はなぢ|鼻血|おなかいたい|お腹痛い|ずつう|きゅうきゅうしゃ|救急車|ちゅうしゃ|注射|よぼうせっしゅ|予防接種|ねこんだ|寝込む',
  pets: '犬|子犬|いぬ|猫|子猫|ねこ|ペット|金魚|ハムスター|うさぎ|ウサギ|亀|カメ|インコ|メダカ|めだか|きんぎょ|ザリガニ|カブトムシ|クワガタ|じゅうい|獣医|どうぶつびょういん|動物病院|飼ってる|飼う',
  screens: 'ゲーム|スマホ|携帯|タブレット|パソコン|テレビ|動画|ユーチューブ|アニメ|ネット|インターネット|スイッチ|マイクラ|ゲーム機|マリカー|スマブラ|ユーチューブ|YouTube|ようつべ|どうが|てれび|ゲーム機|ティックトック|TikTok|フォートナイト|オンライン|ロブロックス|ポケモンGO|スプラ|スプラトゥーン|あつ森|ゲームする|ユーチューバー|Switch|ニンテンドー',
  loss: '死ぬ|亡くなる|葬式|お葬式|天国|お墓|転校|引っ越す|お別れ|なくなる|しんじゃ|てんごく|おわかれ|ひっこし|引っ越し|ひっこす|てんこう|産休|しんじゃった|しんだ|死んじゃった|天国に行った|てんごくにいった|お通夜|おつや|お骨|おはか',
  leftOut: '仲間外れ|仲間はずれ|なかまはずれ|無視|ひとりぼっち|一人ぼっち|独り|さみしい|寂しい|さびしい|入れてくれない|誰も|だれも|ぼっち|あまった|余る|ひとりだけ|わたしだけ|ぼくだけ|あたしだけ|いれてくれない|あそんでくれない|遊んでくれない|シカト|しかと|ハブ|はぶられ|ハブられ|まぜてくれない|まぜてもらえない|いれてもらえない|入れてもらえない|もういっぱい|相手にされない|ひとりでいた|一人でいた',
  outings:
    '雨|晴れ|天気|雪|台風|暑い|寒い|雷|虹|遠足|旅行|動物園|水族館|公園|海|山|キャンプ|ピクニック|お出かけ|出かける|遊園地|博物館|社会科見学|修学旅行|たいふう|林間学校|りんかん|肝試し|きもだめし|お祭り|まつり|花火|はなび|海水浴|ハイキング|りょこう|えんそく|どうぶつえん|すいぞくかん|こうえん|風|かみなり|おんせん|温泉|しゅうがくりょこう|ゆきがつもる|雪がつもる|つもった|かみなり|大雨|おおあめ|どしゃぶり|あつすぎ|さむすぎ|こうえん|うみ|やま|すいぞくかん|プール|おまつり|花火大会|はなびたいかい|キャンプ場|バーベキュー|BBQ|いちごがり|ぶどうがり|いもほり',
}

export const TOPIC_WORDS = { en, zh, ja } as const

/**
 * Idioms and look-alikes read as what they mean before the words are looked for: a phrase becomes
 * its plain sense (often nothing), so "raining cats and dogs" is rain, not pets, and 「電腦課」 is a
 * lesson, not a screen. Matched on the sentence's text (English lower-cased; Chinese in both
 * scripts).
 */
export const TOPIC_IDIOMS: Record<keyof typeof TOPIC_WORDS, [RegExp, string][]> = {
  en: [
    [/raining cats and dogs/g, 'raining'],
    [/\bhot ?dogs?\b/g, 'lunch'],
    [/teacher'?s pet/g, 'favourite'],
    [/\bsick of\b/g, 'bored of'],
    [/\b(a|so|totally|that's|was) sick\b(?! (day|note|bay|in bed|at home))/g, '$1 great'],
    [/under the weather/g, 'unwell'],
    [/\b(dying|died) to\b/g, 'eager to'],
    [/\b(tablet|phone|ipad|battery|laptop|computer|controller|torch|charger)('s battery)? (died|is dead|was dead)/g, '$1 stopped'],
    [/\bschool of fish\b/g, 'fish'],
    [/\bkilled it\b/g, 'did great'],
    [/\b(left|leave|leaving) out (the|a|an|one|some|my) (question|answer|word|line|page|step|bit)/g, 'skipped $3'],
    [/\bcat detective|detective cat\b/g, 'detective'],
    [/\b(dream|want|wants|wanted) to be a vet\b/g, 'dream job'],
    [/\bbreak a leg\b/g, 'good luck'],
  ],
  zh: [
    [/不感冒/g, '沒興趣'],
    [/太陽系/g, '星球'],
    [/金魚腦/g, '健忘'],
    [/電腦課|电脑课/g, '上課'],
    [/像颱風|像台风|像颱风/g, '很兇'],
    [/電動牙刷|电动牙刷/g, '牙刷'],
    [/熱狗|热狗/g, '午餐'],
    [/貓熊|猫熊|熊貓|熊猫/g, '動物'],
    [/滑鼠/g, '工具'],
    [/笑死/g, '好笑'],
    [/冷到/g, '無言'],
    [/狗吃的|狗吃掉/g, '別人吃的'],
  ],
  ja: [
    [/ねこぜ|猫背/g, 'しせい'],
    [/うさぎとび|ウサギ跳び|うさぎ跳び/g, 'トレーニング'],
    [/ペットボトル/g, 'ボトル'],
    [/ねこじた|猫舌/g, 'あつがり'],
    [/いぬかき|犬かき/g, 'およぎ'],
    [/たぬきねいり|狸寝入り/g, 'ねたふり'],
    [/てんごくすぎ|天国すぎ|天国みたい|てんごくみたい/g, 'さいこう'],
    [/(けしゴム|消しゴム|えんぴつ|鉛筆|ふでばこ|筆箱|ぼうし|帽子|かぎ|鍵|財布|さいふ|ノート)が(なくなった|なくなっちゃった)/g, '$1をおとした'],
    [/(でんき|電気)のスイッチ/g, 'でんき'],
    [/死ぬほど|しぬほど|死にそう|しにそう/g, 'とても'],
    [/じゅういさんになりたい|じゅういさん！|獣医になりたい/g, 'しょうらいのゆめ'],
    // 「骨が折れる」 of a task is hard work, not a broken bone (TOPIC_PAIRS).
    [/(宿題|しゅくだい|作業|仕事|しごと|勉強|べんきょう|練習|れんしゅう|掃除|そうじ|片付け|かたづけ|準備|じゅんび)(は|が|も|って)?(とても|すごく|かなり|けっこう)?(骨|ほね)が(折れ|おれ)/g, '$1はたいへんだっ'],
  ],
}

/**
 * Words that give a topic only next to one another (decision 0064): breaking is health when what breaks
 * is a part of the body ("broke my wrist", 「手摔斷了」, 「腕の骨を折った」), never when it is a thing
 * ("my brother broke my model", 「弄壞了模型」, 「プラモデルを壊した」). A word of `words` and one of
 * `with`, in either order, at most `within` words apart in one sentence (the analyser's words: "broke
 * my left arm" is three apart). 骨折, "fracture" and "sprain" need no partner: they are in the lists.
 */
export const TOPIC_PAIRS: Record<keyof typeof TOPIC_WORDS, { topic: Topic; words: string; with: string; within: number }[]> = {
  en: [
    {
      topic: 'health',
      words: 'break|broke|broken|breaking|snap|snapped|crack|cracked|chip|chipped|dislocate|dislocated|twist|twisted',
      with: 'arm|leg|wrist|ankle|elbow|finger|toe|thumb|nose|tooth|teeth|collarbone|collar bone|bone|rib|foot|hand|knee|shoulder|hip|jaw|skull|neck',
      within: 3,
    },
  ],
  zh: [
    {
      topic: 'health',
      words: '斷|斷了|斷掉|摔斷|折斷|撞斷|扭斷|踢斷|裂開|脫臼',
      with: '手|腳|腿|手臂|手腕|手指|腳趾|腳踝|手肘|膝蓋|骨頭|牙齒|牙|門牙|鼻子|鼻樑|肋骨|鎖骨|脖子|尾椎',
      within: 2,
    },
  ],
  ja: [
    {
      topic: 'health',
      words: '折る|折れる|おれる|ヒビ|ひび|外れる|はずれる',
      with: '骨|ほね|腕|うで|足|あし|指|ゆび|手首|てくび|足首|あしくび|歯|鼻|肋骨|ろっこつ|鎖骨|さこつ|肩|ひじ|膝|ひざ',
      within: 3,
    },
  ],
}

/**
 * The bare play verb ("play", 「玩」, 「遊ぶ」; not in the lists above) says what kind of thing was done only when nothing
 * more exact does: "played Fortnite" is screens, 「玩她的天竺鼠」 pets, "nobody asked me to play"
 * being left out. It gives play only when no word of these topics is in the sentence.
 */
export const WEAK_WORDS: Record<keyof typeof TOPIC_WORDS, { topic: Topic; words: string; yieldsTo: Topic[] }> = {
  en: { topic: 'play', words: 'play', yieldsTo: ['screens', 'pets', 'leftOut'] },
  zh: { topic: 'play', words: '玩', yieldsTo: ['screens', 'pets', 'leftOut'] },
  ja: { topic: 'play', words: '遊ぶ|あそぶ', yieldsTo: ['screens', 'pets', 'leftOut'] },
}
