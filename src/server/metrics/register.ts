/**
 * Wires the metrics into an app: the store's query timings, GET /metrics served only where the settings
 * say, and what each answered request records (requestRecorder, which app.ts's one onResponse hook
 * calls). With neither METRICS_PORT nor METRICS_TOKEN nothing is measured and /metrics is a plain 404
 * (it must never answer with the client's page, nor with the numbers).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_HTTP_STATUS, type ErrorCode } from '../../shared/errors.js';
import type { StaffKey } from '../../shared/labels/staff.js';
import { functionPayloads } from '../../shared/schemas/functions.js';
import { type Config, metricsEnabled } from '../config.js';
import { AppError } from '../errors.js';
import { errorBody } from '../http/envelope.js';
import type { Store } from '../storage/port.js';
import type { ClinicRuntime } from '../clinics/runtime.js';
import { type Metrics, NO_CLINIC } from './metrics.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The METRICS_PORT server once the app is ready (tests read its port); null when not configured. */
    metricsServer: Server | null;
  }
  interface FastifyRequest {
    /** The matched route's pattern, set as its handler starts (metrics on; '' before that). */
    routeLabel: string;
  }
}

const FN_ROUTE = '/api/fn/:name';
const RESERVED_TYPES = new Set(['LINE', 'PWA', 'ADMIN']);

/**
 * Returns the app's metrics, or null when they are off. Call before the hub and worker start. prom-client
 * is loaded only when metrics are on: a clinic without them starts without it (docs/benchmarks.md).
 */
export async function registerMetrics(app: FastifyInstance, config: Config, store: Store): Promise<Metrics | null> {
  app.decorate('metricsServer', null);
  if (!metricsEnabled(config)) {
    app.get('/metrics', async () => {
      throw new AppError('NOT_FOUND', 'error.unknownFunction');
    });
    return null;
  }
  const metrics = (await import('./metrics.js')).createMetrics();
  labelRoutes(app);
  const stopQueries = store.observeQueries(metrics.query);
  app.addHook('onClose', async () => {
    stopQueries();
    metrics.stop();
  });
  // The first scrape of a process runs its collectors and formatters cold (V8 compiles them on first
  // use): several times what a later one costs (decisions 027, 034). One scrape right after start-up, in the
  // background, pays that once while nothing else is going on, instead of inside whatever the first real
  // scrape happens to fall on (in the burst benchmark, the opening burst itself).
  app.addHook('onReady', (done) => {
    setImmediate(() => void metrics.text().catch(() => {}));
    done();
  });

  const token = config.METRICS_TOKEN;
  app.get('/metrics', async (request, reply) => {
    // Without a token the main port never serves the numbers (METRICS_PORT alone: only there).
    if (!token) throw new AppError('NOT_FOUND', 'error.unknownFunction');
    if (!bearerMatches(request.headers.authorization, token)) {
      reply.header('www-authenticate', 'Bearer');
      throw new AppError('UNAUTHENTICATED', 'error.metricsToken');
    }
    reply.header('cache-control', 'no-store').type(metrics.contentType);
    return metrics.text();
  });

  if (config.METRICS_PORT !== undefined) {
    const server = createServer((req, res) => void serveMetricsPort(req, res, metrics, token));
    app.addHook('onReady', async () => {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(config.METRICS_PORT, config.METRICS_HOST, () => {
          server.off('error', reject);
          resolve();
        });
      });
      app.metricsServer = server;
    });
    app.addHook('onClose', async () => {
      if (server.listening) await new Promise((resolve) => server.close(resolve));
    });
  }
  return metrics;
}

/**
 * What the app's one onResponse hook records of each answered request (app.ts; one hook for this and the
 * slow-request log, decision 032): route pattern, function name and outcome. The error code is the one
 * the reply was sent with (envelope.ts sendError sets reply.errorCode), so it is exactly what the
 * catalogue answered.
 */
export function requestRecorder(metrics: Metrics): (request: FastifyRequest, reply: FastifyReply) => void {
  return (request, reply) => {
    // routeOptions builds a new object of a dozen fields on every read: only for requests refused before
    // their handler ran (no route matched, a body that does not parse).
    const route = request.routeLabel || (request.routeOptions.url ?? '(unmatched)');
    const status = reply.statusCode;
    // An opened live stream is hijacked and "responds" only when it ends: its lifetime is no latency.
    // Open streams are the live_viewers gauge; refusals of the live routes are counted here as usual.
    if (status === 200 && route.startsWith('/api/live/')) return;
    // A status without a catalogue body (rare: a framework refusal) still gets a bounded label.
    const outcome = status < 400 ? 'ok' : (reply.errorCode ?? `HTTP_${status}`);
    let fn = '';
    if (route === FN_ROUTE) {
      const name = (request.params as { name?: string }).name ?? '';
      fn = Object.hasOwn(functionPayloads, name) ? name : '(unknown)';
    }
    // The clinic the request's host reached (clinic-request.ts); none for a host nobody listed.
    const clinic = (request.clinic as ClinicRuntime | null)?.id ?? NO_CLINIC;
    metrics.request(clinic, route, fn, outcome, reply.elapsedTime / 1000);
    if (fn === 'allocateNextSlot') {
      const type = (request.body as { data?: { reservedType?: unknown } } | undefined)?.data?.reservedType;
      metrics.allocation(clinic, outcome, typeof type === 'string' && RESERVED_TYPES.has(type) ? type : '(invalid)');
    }
  };
}

/**
 * Routes added from here on note their pattern on the request as their handler starts: one property
 * write, where Fastify's `request.routeOptions` (its only public way to the pattern) builds an object of a
 * dozen fields and asks the router about version constraints on every read. In a fresh process's first
 * opening burst, still unoptimised, those reads were ~3 ms of the 1,000 requests (bench/records/benchmark-history.md, run 32d).
 */
function labelRoutes(app: FastifyInstance): void {
  app.decorateRequest('routeLabel', '');
  app.addHook('onRoute', (route) => {
    const { handler, url } = route;
    route.handler = function labelled(this: FastifyInstance, request, reply) {
      request.routeLabel = url;
      return handler.call(this, request, reply);
    };
  });
}

function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer (.+)$/i.exec(header ?? '')?.[1] ?? '';
  // Hashes first: equal lengths for timingSafeEqual, and no early exit that times the token's length.
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(given), digest(token));
}

async function serveMetricsPort(req: IncomingMessage, res: ServerResponse, metrics: Metrics, token: string | undefined) {
  const send = (status: number, type: string, body: string, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', ...headers }).end(body);
  };
  const refuse = (code: ErrorCode, key: StaffKey, headers?: Record<string, string>) =>
    send(ERROR_HTTP_STATUS[code], 'application/json; charset=utf-8', JSON.stringify(errorBody(code, key)), headers);
  const path = (req.url ?? '').split('?')[0];
  if (req.method !== 'GET' || path !== '/metrics') return refuse('NOT_FOUND', 'error.unknownFunction');
  // With METRICS_TOKEN set the token is asked for here too: a port opened to the network stays guarded.
  if (token && !bearerMatches(req.headers.authorization, token)) return refuse('UNAUTHENTICATED', 'error.metricsToken', { 'www-authenticate': 'Bearer' });
  try {
    send(200, metrics.contentType, await metrics.text());
  } catch {
    refuse('INTERNAL', 'error.internal');
  }
}
