/**
 * One warning line for a request slower than SLOW_REQUEST_MS, with where its time went, logged through the
 * request's own logger so it carries the request id like every other line of that request. The live
 * streams stay open for hours by design and are left out.
 *
 * Past SLOW_LINES_PER_SECOND lines in one second the rest are counted, not written: when a burst makes
 * every request slow (the opening minute: 1,000 at once, each waiting behind the others), a line each
 * says nothing more than one line with their number, and writing them cost the server CPU exactly when it
 * had least to spare (decision 025). The count goes out as one `slow requests folded` warning at the end of
 * that second (or when the server closes), through the logger of the last request it counts.
 */
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { loggableUrl } from './log-redaction.js';

const LONG_LIVED = '/api/live/';
export const SLOW_LINES_PER_SECOND = 20;
const WINDOW_MS = 1000;

declare module 'fastify' {
  interface FastifyRequest {
    /** Milliseconds since the request arrived when its handler began, and when its answer was sent. */
    timing: { handler?: number; sent?: number } | null;
  }
}

/**
 * Returns the check of an answered request, for the app's one onResponse hook to call (app.ts): one hook
 * for this and the metrics costs the opening burst less than a hook each (decision 032).
 */
export function registerRequestLogging(app: FastifyInstance, slowMs: number): (request: FastifyRequest, reply: FastifyReply) => void {
  // Fastify already times each request from its arrival (reply.elapsedTime): the marks are offsets from
  // that, kept on the request itself. Callback hooks, not async ones: no promise per hook on every
  // request of a burst, and no hook at all on arrival.
  app.decorateRequest('timing', null);
  app.addHook('preHandler', (request, reply, done) => {
    request.timing = { handler: reply.elapsedTime };
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.timing) request.timing.sent = reply.elapsedTime;
    else request.timing = { sent: reply.elapsedTime };
    done(null, payload);
  });

  let windowStart = -Infinity;
  let written = 0;
  let folded: { count: number; maxTotalMs: number; log: FastifyBaseLogger; timer: NodeJS.Timeout } | null = null;
  const flush = () => {
    if (!folded) return;
    const { count, maxTotalMs, log, timer } = folded;
    folded = null;
    clearTimeout(timer);
    log.warn({ count, maxTotalMs: round(maxTotalMs), slowMs }, 'slow requests folded');
  };
  app.addHook('onClose', (_app, done) => {
    flush();
    done();
  });

  return (request, reply) => {
    const totalMs = reply.elapsedTime;
    if (totalMs >= slowMs && !request.url.startsWith(LONG_LIVED)) slow(request, reply, totalMs);
  };

  function slow(request: FastifyRequest, reply: FastifyReply, totalMs: number) {
    const now = Date.now();
    if (now - windowStart >= WINDOW_MS) {
      flush();
      windowStart = now;
      written = 0;
    }
    if (written < SLOW_LINES_PER_SECOND) {
      written++;
      logSlow(request, reply, totalMs);
    } else if (folded) {
      folded.count++;
      folded.maxTotalMs = Math.max(folded.maxTotalMs, totalMs);
      folded.log = request.log;
    } else {
      const timer = setTimeout(flush, windowStart + WINDOW_MS - now);
      timer.unref();
      folded = { count: 1, maxTotalMs: totalMs, log: request.log, timer };
    }
  }

  function logSlow(request: FastifyRequest, reply: FastifyReply, totalMs: number) {
    const { handler, sent } = request.timing ?? {};
    request.log.warn(
      {
        method: request.method,
        url: loggableUrl(request.url),
        statusCode: reply.statusCode,
        totalMs: round(totalMs),
        // Absent when the request was refused before its handler (a hook or the body parser answered).
        toHandlerMs: handler === undefined ? undefined : round(handler),
        handlerMs: handler === undefined || sent === undefined ? undefined : round(sent - handler),
        sendMs: sent === undefined ? undefined : round(totalMs - sent),
      },
      'slow request',
    );
  }
}

const round = (ms: number) => Math.round(ms * 10) / 10;
