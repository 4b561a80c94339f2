/**
 * One warning line for a request slower than SLOW_REQUEST_MS, with where its time went, logged through the
 * request's own logger so it carries the request id like every other line of that request. The live
 * streams stay open for hours by design and are left out.
 */
import { performance } from 'node:perf_hooks';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { loggableUrl } from './log-redaction.js';

const LONG_LIVED = '/api/live/';

interface Marks {
  start: number;
  handler?: number;
  sent?: number;
}

export function registerRequestLogging(app: FastifyInstance, slowMs: number) {
  const marks = new WeakMap<FastifyRequest, Marks>();
  const since = (from: number, to = performance.now()) => Math.round((to - from) * 10) / 10;

  // Callback hooks, not async ones: no promise per hook on every request of a burst.
  app.addHook('onRequest', (request, _reply, done) => {
    marks.set(request, { start: performance.now() });
    done();
  });
  // The last hook before the handler: what comes before it is parsing, the origin check and the like.
  app.addHook('preHandler', (request, _reply, done) => {
    const mark = marks.get(request);
    if (mark) mark.handler = performance.now();
    done();
  });
  app.addHook('onSend', (request, _reply, payload, done) => {
    const mark = marks.get(request);
    if (mark) mark.sent = performance.now();
    done(null, payload);
  });
  app.addHook('onResponse', (request, reply, done) => {
    const mark = marks.get(request);
    const totalMs = mark ? since(mark.start) : 0;
    if (mark && totalMs >= slowMs && !request.url.startsWith(LONG_LIVED)) logSlow(request, reply, mark, totalMs);
    done();
  });

  function logSlow(request: FastifyRequest, reply: FastifyReply, mark: Marks, totalMs: number) {
    request.log.warn(
      {
        method: request.method,
        url: loggableUrl(request.url),
        statusCode: reply.statusCode,
        totalMs,
        // Absent when the request was refused before its handler (a hook or the body parser answered).
        toHandlerMs: mark.handler === undefined ? undefined : since(mark.start, mark.handler),
        handlerMs: mark.handler === undefined || mark.sent === undefined ? undefined : since(mark.handler, mark.sent),
        sendMs: mark.sent === undefined ? undefined : since(mark.sent),
      },
      'slow request',
    );
  }
}
