/**
 * One warning line for a request slower than SLOW_REQUEST_MS, with where its time went, logged through the
 * request's own logger so it carries the request id like every other line of that request. The live
 * streams stay open for hours by design and are left out.
 */
import { performance } from 'node:perf_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
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

  app.addHook('onRequest', async (request) => {
    marks.set(request, { start: performance.now() });
  });
  // The last hook before the handler: what comes before it is parsing, the origin check and the like.
  app.addHook('preHandler', async (request) => {
    const mark = marks.get(request);
    if (mark) mark.handler = performance.now();
  });
  app.addHook('onSend', async (request) => {
    const mark = marks.get(request);
    if (mark) mark.sent = performance.now();
  });
  app.addHook('onResponse', async (request, reply) => {
    const mark = marks.get(request);
    if (!mark || request.url.startsWith(LONG_LIVED)) return;
    const totalMs = since(mark.start);
    if (totalMs < slowMs) return;
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
  });
}
