// A real OpenAI-compatible chat completions server on this machine, for the features that ask the
// school's AI provider (comment suggestions, the second opinion on risk alerts).
import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface ChatRequest {
  path: string
  auth: string
  body: { model: string; messages: { role: string; content: string }[] }
}
/** What the server does with a request: answer with a text, fail with 500, or never answer while the test runs. */
export type ChatReply = { content: string } | 'fail' | 'hang'

export async function startChatServer(reply: (request: ChatRequest) => ChatReply) {
  const seen: ChatRequest[] = []
  const held: (() => void)[] = []
  const read = (req: IncomingMessage) => new Promise<string>((resolve) => { let s = ''; req.on('data', (d) => (s += d)).on('end', () => resolve(s)) })
  const server = createServer(async (req, res) => {
    const request = { path: req.url ?? '', auth: String(req.headers.authorization), body: JSON.parse(await read(req)) }
    seen.push(request)
    const r = reply(request)
    if (r === 'fail') return res.writeHead(500, { 'Content-Type': 'application/json' }).end('{"error":{"message":"boom"}}')
    if (r === 'hang') await new Promise<void>((resolve) => held.push(resolve))
    const content = typeof r === 'object' ? r.content : ''
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ id: 'c1', object: 'chat.completion', created: 1, model: request.body.model, choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }] }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    baseURL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    seen,
    close: () => {
      for (const release of held) release()
      return new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
