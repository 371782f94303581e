/**
 * Word lists for the extreme-word flags (decision 0013): violence, sexual content and self-harm, in
 * English, Chinese and Japanese. English entries match whole words and phrases in any case;
 * Chinese and Japanese ones anywhere in the text. The lists are a starting point for the school
 * to extend, not a classifier: a flag asks a teacher to read the post.
 */
export const EXTREME_WORDS = {
  selfHarm: {
    en: ['kill myself', 'killing myself', 'want to die', 'wanna die', 'end my life', 'hurt myself', 'cut myself', 'suicide', 'better off dead', 'no reason to live'],
    cjk: ['想死', '自殺', '自殘', '割腕', '不想活', '去死吧我', '活不下去', '死にたい', '自殺', '自傷', 'リストカット', '消えたい', '生きていたくない'],
  },
  violence: {
    en: ['kill you', 'kill him', 'kill her', 'stab', 'shoot you', 'beat up', 'punch you', 'gun', 'knife', 'bomb'],
    cjk: ['殺了你', '殺死', '打死', '砍死', '揍你', '炸彈', '刀子', '殺す', 'ぶっ殺', '殴る', 'ナイフ', '爆弾'],
  },
  sexual: {
    en: ['porn', 'sex', 'naked', 'nude', 'touched me there'],
    cjk: ['色情', '裸照', '性侵', '摸我下面', 'エロ', '裸の写真', '性的'],
  },
} as const
export type FlagCategory = keyof typeof EXTREME_WORDS

const escape = (w: string) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+')

const MATCHERS = Object.entries(EXTREME_WORDS).map(([category, lists]) => ({
  category: category as FlagCategory,
  english: new RegExp(`\\b(${lists.en.map(escape).join('|')})\\b`, 'gi'),
  cjk: lists.cjk,
}))

/** Each category the text hits, with the words that matched (each once). */
export function extremeWordsIn(text: string): { category: FlagCategory; words: string[] }[] {
  return MATCHERS.flatMap((m) => {
    const words = new Set<string>([...text.matchAll(m.english)].map((x) => x[0].toLowerCase().replace(/\s+/g, ' ')))
    for (const w of m.cjk) if (text.includes(w)) words.add(w)
    return words.size ? [{ category: m.category, words: [...words] }] : []
  })
}
