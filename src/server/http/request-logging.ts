/**
 * One warning line for a request slower than SLOW_REQUEST_MS, with where its time went, logged through the
 * request's own logger so it carries the request id like every other line of that request. The live
 * streams stay open for hours by design and are left out.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { loggableUrl } from './log-redaction.js';

const LONG_LIVED = '/api/live/';

declare module 'fastify' {
  interface FastifyRequest {
    /** Milliseconds since the request arrived when its handler began, and when its answer was sent. */
    timing: { handler?: number; sent?: number } | null;
  }
}

export function registerRequestLogging(app: FastifyInstance, slowMs: number) {
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
  app.addHook('onResponse', (request, reply, done) => {
    const totalMs = reply.elapsedTime;
    if (totalMs >= slowMs && !request.url.startsWith(LONG_LIVED)) logSlow(request, reply, totalMs);
    done();
  });

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
