/**
 * GET /api/live/queue (public, at most LIVE_STREAMS_PER_ADDRESS open per client address on this process;
 * `?rows=byQueue` for each queue's rows in its own entry, decision 076) and GET /api/live/admin (staff
 * cookie, else 401).
 */
import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError } from '../errors.js';
import { trustedAddresses } from '../abuse/trusted.js';
import type { Config } from '../config.js';
import '../http/clinic-request.js';
import { requireStaff, staffToken } from '../http/caller.js';
import { findStaffSession } from '../auth/staff-accounts.js';
import type { AttachOptions, StreamKind } from './hub.js';
import { SSE_HEADERS, sseRetry } from './sse.js';
import { streamCap } from './stream-cap.js';

/** `config`: the deployment's (the per-address cap is the process's, whichever clinics an address watches). */
export function registerLiveRoutes(app: FastifyInstance, config: Config) {
  async function open(kind: StreamKind, reply: FastifyReply, options?: AttachOptions) {
    reply.hijack();
    // The security headers were set on the reply (http/security.ts); a hijacked reply sends them itself.
    reply.raw.writeHead(200, { ...(reply.getHeaders() as OutgoingHttpHeaders), ...SSE_HEADERS });
    // HEAD (Fastify adds it to every GET route) carries no body: Node sends the headers only on end(), so
    // attaching it to the hub would leave the caller waiting for ever and hold a viewer slot.
    if (reply.request.method === 'HEAD') return void reply.raw.end();
    reply.raw.write(sseRetry(3000));
    // The hub of the clinic the host reaches: its viewers hear its changes only.
    await reply.request.clinic.hub.attach(kind, reply.raw, { ...options, log: reply.request.log });
  }

  const trusted = trustedAddresses(config);
  // RATE_LIMIT=off is for load tests and benchmarks, which watch with a thousand viewers from one address.
  const cap = streamCap(config.LIVE_STREAMS_PER_ADDRESS, (ip) => config.RATE_LIMIT === 'off' || trusted(ip));

  app.get('/api/live/queue', async (request, reply) => {
    const byQueue = rowsByQueue(request.query);
    if (request.method === 'HEAD') return open('queue', reply);
    // Refused while the answer can still be the catalogue's JSON envelope, before the stream starts.
    const release = cap.take(request.ip);
    if (!release) throw new AppError('RESOURCE_EXHAUSTED', 'error.tooManyLiveStreams');
    reply.raw.once('close', release);
    return open('queue', reply, { byQueue });
  });
  app.get('/api/live/admin', async (request, reply) => {
    const deps = request.clinic.deps;
    await requireStaff(request, deps);
    const token = staffToken(request)!;
    return open('admin', reply, { stillAllowed: async () => (await findStaffSession(deps.store, token)) !== null });
  });
}

/** `rows`: absent for one list of rows, `byQueue` for rows by queue; anything else is refused before the stream starts. */
function rowsByQueue(query: unknown): boolean {
  const rows = (query as Record<string, unknown> | undefined)?.rows;
  if (rows === undefined) return false;
  if (rows === 'byQueue') return true;
  throw new AppError('INVALID_ARGUMENT', 'error.invalidArgument');
}
