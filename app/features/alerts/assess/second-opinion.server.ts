/**
 * The AI reading of every post, where a school has an AI provider (decision 0068; decision 0042's
 * second opinion, now on every post): the post's text alone (no name, no account) is read against the
 * safeguarding taxonomy by the model behind `AI_BASE_URL`, with the written prompt in
 * features/text/ai-reading-prompt.txt, within a time limit. Its answer can raise a post to a medium
 * alert or lower a medium one to nothing; it never silences a rule's high and never raises a high of
 * its own (like the statistical model, it does not cry wolf alone). The answer and the side that
 * decided stay with the assessment, and so in the alert's reasons. A provider that fails, is slow or
 * answers nothing usable leaves the built-in assessment as it was, and the failure is logged.
 */
import { readFileSync } from 'node:fs'
import { askModel, configuredProvider, type ProviderConfig } from '~/features/ai/provider.server'
import { projectFile } from '~/project-file.server'
import { CATEGORIES, type RiskCategory } from '../categories'
import { assessPost, type Assessment, type ContentFinding, type PostTexts, type WatchWord } from './assess.server'

/** The post save waits for the answer: never longer than this, whatever the provider's own limit. */
const AI_READING_MAX_MS = 3000
const ANSWERS = [...CATEGORIES.map((c) => c.category), 'none'] as const
type Answer = (typeof ANSWERS)[number]

export interface Opinion {
  answer: Answer
  decidedBy: 'rules' | 'provider'
}

/** The prompt, a text a safeguarding lead can read; it must name every category, checked when it is read. */
let prompt: string | undefined
export function aiReadingPrompt() {
  if (prompt) return prompt
  const text = readFileSync(projectFile('app/features/text/ai-reading-prompt.txt'), 'utf8')
  const missing = CATEGORIES.filter((c) => !new RegExp(`^${c.category}:`, 'm').test(text)).map((c) => c.category)
  if (missing.length) throw new Error(`app/features/text/ai-reading-prompt.txt does not name ${missing.join(', ')}`)
  return (prompt = text)
}

async function ask(post: PostTexts, config: ProviderConfig): Promise<Answer | null> {
  const text = [post.title, post.event, post.story, post.behaviour].filter((t) => t?.trim()).join('\n')
  const reply = await askModel({ ...config, timeoutMs: Math.min(config.timeoutMs, AI_READING_MAX_MS) }, { system: aiReadingPrompt(), user: text, temperature: 0 })
  const word = reply.trim().toLowerCase().replace(/[^a-z_]/g, ' ').split(/\s+/).find((w) => (ANSWERS as readonly string[]).includes(w))
  return (word as Answer | undefined) ?? null
}

/**
 * The built-in assessment and, where the school has a provider, its reading of the post. The
 * school's watch words (`watchWords`, decision 0062) are the school's own rule: the provider's
 * "nothing here" never silences them.
 */
export async function assessWithSecondOpinion(post: PostTexts, journalLanguage?: string, config = configuredProvider(), watchWords: readonly WatchWord[] = []): Promise<Assessment & { opinion?: Opinion }> {
  const assessment = await assessPost(post, journalLanguage, watchWords)
  if (!config) return assessment
  let answer: Answer | null = null
  try {
    answer = await ask(post, config)
  } catch (error) {
    console.error('risk assessment: the AI reading failed; the built-in assessment decides', error instanceof Error ? error.message : error)
  }
  if (!answer) return assessment
  if (answer === 'none') {
    // A rule's high stands; medium findings are lowered to nothing but the school's watch words; a post with nothing found stays as it is.
    if (assessment.severity === 'high') return { ...assessment, opinion: { answer, decidedBy: 'rules' } }
    if (!assessment.findings.length) return assessment
    const watched = assessment.findings.filter((f) => f.watchWord)
    if (watched.length === assessment.findings.length) return { ...assessment, opinion: { answer, decidedBy: 'rules' } }
    return { ...assessment, findings: watched, severity: watched.length ? 'medium' : null, opinion: { answer, decidedBy: 'provider' } }
  }
  if (assessment.findings.some((f) => f.category === answer)) return { ...assessment, opinion: { answer, decidedBy: 'rules' } }
  // Raise, at medium: the sentence the built-in assessment set aside is the evidence (or the post's first words).
  const aside = assessment.setAside[0]
  const finding: ContentFinding = {
    category: answer as RiskCategory,
    severity: 'medium',
    field: aside?.field ?? 'event',
    sentence: aside?.sentence ?? (post.event || post.title),
    words: '',
    language: aside?.language ?? 'en',
  }
  const findings = [...assessment.findings, finding]
  return { ...assessment, findings, severity: assessment.severity ?? 'medium', opinion: { answer, decidedBy: 'provider' } }
}
