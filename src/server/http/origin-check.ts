/**
 * Cross-site request forgery: besides the SameSite=Strict cookie and JSON-only bodies, a write whose
 * Origin header is present and not this server's own is refused with PERMISSION_DENIED (docs/api.md, "Functions").
 */
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.js';

export function registerOriginCheck(app: FastifyInstance) {
  // A callback hook, not an async one: no promise per request of a burst.
  app.addHook('onRequest', (request, _reply, done) => {
    if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return done();
    const origin = request.headers.origin;
    if (origin === undefined) return done();
    let host: string;
    try {
      host = new URL(origin).host;
    } catch {
      return done(new AppError('PERMISSION_DENIED', 'error.originRejected'));
    }
    // Fastify's own reading of the public host: X-Forwarded-Host (its last entry) only when the peer is
    // one of the trusted proxies, the Host header otherwise. Reading the header ourselves would let a
    // client that is not behind our proxy name any host it likes.
    if (host !== request.host) return done(new AppError('PERMISSION_DENIED', 'error.originRejected'));
    done();
  });
}
