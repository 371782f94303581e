import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Socket } from 'node:net'

/** What a client may still send after an early answer, read and dropped, before its connection is closed anyway. */
export const LINGER = { maxBytes: 256 * 1024 * 1024, maxMs: 30_000 }

/**
 * An answer that leaves before its request's body has all come in (a 413 for a 50 MB picture, a
 * redirect to sign in) says `Connection: close`, and the connection closes in stages, as RFC 9112
 * section 9.6 asks: the answer, then the server's end of the connection (FIN), then what the client
 * still sends is read and dropped until it stops, and only then is the socket closed. Node would
 * close a "close" answer's socket as soon as it is written: with unread bytes in flight that is a
 * reset, which can throw the answer away before the client reads it (a teacher on a slow network
 * saw "connection failed" instead of the message). Nothing dropped is kept: memory stays bounded.
 */
export function closeAfterEarlyAnswer(req: IncomingMessage, res: ServerResponse, next: () => void) {
  const writeHead = res.writeHead
  res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    if (!req.complete && !this.headersSent) {
      this.setHeader('Connection', 'close')
      // Node ends a "close" answer with socket.destroySoon(): here, the staged close instead.
      const socket = req.socket
      socket.destroySoon = () => closeInStages(req, socket)
    }
    return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args)
  } as typeof res.writeHead
  next()
}

function closeInStages(req: IncomingMessage, socket: Socket) {
  socket.end()
  const timer = setTimeout(() => socket.destroy(), LINGER.maxMs)
  socket.once('close', () => clearTimeout(timer))
  // The app's reader (a paused web stream) lets go of the body: what comes from here on is counted and dropped.
  let dropped = 0
  req.removeAllListeners('data')
  req.on('data', (chunk: Buffer) => {
    dropped += chunk.length
    if (dropped > LINGER.maxBytes) socket.destroy()
  })
  req.resume()
}
