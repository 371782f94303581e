// The labelled set of the post topics (tests/topic-eval, decision 0049), written by someone who had not
// seen the lexicon or its output: each post read as a student's post is, with recall and false
// topics per language and per topic.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { TOPICS, type Topic } from '~/features/topics/lexicon'
import { topicsOfText } from '~/features/topics/match.server'
import { postText } from '~/features/topics/assign.server'

export const TOPIC_EVAL_LANGUAGES = ['en', 'zh-TW', 'ja'] as const
type Language = (typeof TOPIC_EVAL_LANGUAGES)[number]
/** The journal's speech language (journals' `speech_lang`) a post of each set is written in. */
const SPEECH: Record<Language, string> = { en: 'en', 'zh-TW': 'zh', ja: 'ja' }

export interface TopicPost {
  id: string
  title: string
  event: string
  topics: Topic[]
  note?: string
}

/** `topic-eval` and `topic-eval-2` were read (decision 0049); `topic-eval-3` is held out: only measured. */
export type TopicSet = 'topic-eval' | 'topic-eval-2' | 'topic-eval-3'
export const topicPosts = (language: Language, set: TopicSet = 'topic-eval'): TopicPost[] => JSON.parse(readFileSync(path.join(import.meta.dirname, '..', set, `posts.${language}.json`), 'utf8')) as TopicPost[]

export interface TopicFigures {
  posts: number
  /** Labelled topics found, of all labelled (post, topic) pairs. */
  recall: number
  /** Topics given that the label does not have, of all given. */
  falseShare: number
  /** Posts whose topics are exactly the label's. */
  exact: number
  perTopic: Record<Topic, { labelled: number; found: number; extra: number }>
  misses: { id: string; missing: Topic[]; extra: Topic[]; text: string }[]
}

export async function topicFigures(language: Language, set: TopicSet = 'topic-eval'): Promise<TopicFigures> {
  const perTopic = Object.fromEntries(TOPICS.map((t) => [t, { labelled: 0, found: 0, extra: 0 }])) as TopicFigures['perTopic']
  const misses: TopicFigures['misses'] = []
  let labelled = 0
  let found = 0
  let given = 0
  let extraCount = 0
  let exact = 0
  const posts = topicPosts(language, set)
  for (const post of posts) {
    const got = await topicsOfText(postText(post.title, post.event), SPEECH[language])
    const missing = post.topics.filter((t) => !got.includes(t))
    const extra = got.filter((t) => !post.topics.includes(t))
    labelled += post.topics.length
    found += post.topics.length - missing.length
    given += got.length
    extraCount += extra.length
    for (const t of post.topics) {
      perTopic[t].labelled++
      if (got.includes(t)) perTopic[t].found++
    }
    for (const t of extra) perTopic[t].extra++
    if (missing.length === 0 && extra.length === 0) exact++
    else misses.push({ id: post.id, missing, extra, text: `${post.title} / ${post.event}` })
  }
  return { posts: posts.length, recall: found / labelled, falseShare: given ? extraCount / given : 0, exact: exact / posts.length, perTopic, misses }
}
