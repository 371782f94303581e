/**
 * A second opinion on borderline posts where the school has configured an AI provider (issue 33
 * item 4, decision 0042). Only the post's text is sent (no name, no account), with a time limit.
 * The provider can raise a borderline post to an alert or lower a medium one to nothing; it is
 * never asked about a high finding, so it can never silence one. Its answer and which side decided
 * stay with the assessment (and so in the alert's reasons). A provider that fails or answers
 * nothing usable leaves the built-in assessment as it was, and the failure is logged.
 */
import { askModel, configuredProvider, type ProviderConfig } from '~/features/ai/provider.server'
import { assessPost, type Assessment, type ContentFinding, type PostTexts } from './assess.server'
import { SEVERITY, type RiskCategory } from './lexicon'

/** The post save waits for the answer: never longer than this, whatever the provider's own limit. */
const SECOND_OPINION_MAX_MS = 3000
const ANSWERS = ['suicide', 'self_harm', 'abuse', 'bullying', 'hopelessness', 'none'] as const
type Answer = (typeof ANSWERS)[number]

export interface Opinion {
  answer: Answer
  decidedBy: 'rules' | 'provider'
}

/** Borderline: only medium findings, or words set aside (a negation, a game, someone else's, a figure of speech). */
export const isBorderline = (a: Assessment) => a.severity !== 'high' && (a.severity === 'medium' || a.setAside.length > 0)

const SYSTEM = [
  "You help a school counsellor triage a child's mood diary post (ages 8 to 15, any of English, Traditional Chinese, Japanese).",
  'Answer with exactly one word: suicide (thoughts of dying or not existing), self_harm (hurting oneself on purpose),',
  'abuse (harm or neglect by a family member or an adult at home), bullying (harm or threats by other children),',
  'hopelessness (nothing will get better, worthless), or none (hyperbole, games, films, sport, ordinary sadness).',
].join(' ')

async function ask(post: PostTexts, config: ProviderConfig): Promise<Answer | null> {
  const text = [post.title, post.event, post.story, post.behaviour].filter((t) => t?.trim()).join('\n')
  const reply = await askModel({ ...config, timeoutMs: Math.min(config.timeoutMs, SECOND_OPINION_MAX_MS) }, { system: SYSTEM, user: text, temperature: 0 })
  const word = reply.trim().toLowerCase().replace(/[^a-z_]/g, ' ').split(/\s+/).find((w) => (ANSWERS as readonly string[]).includes(w))
  return (word as Answer | undefined) ?? null
}

/** The built-in assessment, and for a borderline post the provider's word on it. */
export async function assessWithSecondOpinion(post: PostTexts, journalLanguage?: string, config = configuredProvider()): Promise<Assessment & { opinion?: Opinion }> {
  const assessment = await assessPost(post, journalLanguage)
  if (!config || !isBorderline(assessment)) return assessment
  let answer: Answer | null = null
  try {
    answer = await ask(post, config)
  } catch (error) {
    console.error('risk assessment: the second opinion failed; the built-in assessment decides', error instanceof Error ? error.message : error)
  }
  if (!answer) return assessment
  if (answer === 'none') {
    // Lower a medium finding to nothing; a post with nothing found stays as it is.
    return assessment.findings.length ? { ...assessment, findings: [], severity: null, opinion: { answer, decidedBy: 'provider' } } : assessment
  }
  if (assessment.findings.some((f) => f.category === answer)) return { ...assessment, opinion: { answer, decidedBy: 'rules' } }
  // Raise: the sentence the built-in assessment set aside is the evidence (or the post's first words).
  const aside = assessment.setAside[0]
  const finding: ContentFinding = {
    category: answer as RiskCategory,
    severity: SEVERITY[answer as RiskCategory],
    field: aside?.field ?? 'event',
    sentence: aside?.sentence ?? (post.event || post.title),
    words: '',
    language: aside?.language ?? 'en',
  }
  const findings = [...assessment.findings, finding]
  return { ...assessment, findings, severity: findings.some((f) => f.severity === 'high') ? 'high' : 'medium', opinion: { answer, decidedBy: 'provider' } }
}
