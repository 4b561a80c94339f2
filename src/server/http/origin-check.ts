/**
 * Cross-site request forgery: besides the SameSite=Strict cookie and JSON-only bodies, a write whose
 * Origin header is present and not this server's own is refused (DESIGN.md).
 */
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.js';

export function registerOriginCheck(app: FastifyInstance, trustProxy: boolean) {
  app.addHook('onRequest', async (request) => {
    if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return;
    const origin = request.headers.origin;
    if (origin === undefined) return;
    let host: string;
    try {
      host = new URL(origin).host;
    } catch {
      throw new AppError('PERMISSION_DENIED', 'error.originRejected');
    }
    // Behind a trusted proxy the public host is in X-Forwarded-Host.
    const forwarded = trustProxy ? request.headers['x-forwarded-host'] : undefined;
    const own = forwarded ? String(forwarded).split(',')[0].trim() : request.headers.host;
    if (host !== own) throw new AppError('PERMISSION_DENIED', 'error.originRejected');
  });
}
