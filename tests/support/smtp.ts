import { SMTPServer } from 'smtp-server'
import { freePort } from './ports'

export interface ReceivedMail {
  to: string[]
  raw: string
}

/** A real SMTP peer on loopback; each mail it receives goes to `onMail` and into `received`. */
export async function startSmtp(options: { port?: number; onMail?: (mail: ReceivedMail) => void } = {}) {
  const received: ReceivedMail[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        const mail = { to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') }
        received.push(mail)
        options.onMail?.(mail)
        callback()
      })
    },
  })
  const port = options.port ?? (await freePort())
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  return { url: `smtp://127.0.0.1:${port}`, received, close: () => new Promise<void>((r) => server.close(() => r())) }
}
