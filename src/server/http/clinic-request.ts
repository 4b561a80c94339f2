/**
 * Every request is one clinic's (decision 078): its host chooses the clinic (clinics/host-rule.ts), and the
 * handlers use that clinic's runtime as `request.clinic`. A host that reaches no open clinic is answered here,
 * before any route: a plain page for a browser, the catalogue's refusal for an API call, never a clinic's
 * data. Only the deployment's own endpoints (/healthz, /metrics) answer whatever the host.
 *
 * The deployment's group host (GROUP_HOST, decision 081) is no clinic's: there only the group page (its
 * paths and the client's files) and /api/group/* answer, with no `request.clinic`; anything else is refused
 * as a host without a clinic is.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ClinicRuntime } from '../clinics/runtime.js';
import type { ClinicRegistry } from '../clinics/registry.js';
import { plainHost } from '../clinics/host-rule.js';
import { clinicHostLabels, type ClinicHostKey } from '../../shared/labels/clinic-host.js';
import { label } from '../../shared/labels/text.js';
import { AppError } from '../errors.js';
import { sendError } from './envelope.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The clinics this process serves (tests read the list again with `clinics.refresh()`). */
    clinics: ClinicRegistry;
  }
  interface FastifyRequest {
    /** The clinic this request's host reaches; set before any route runs. */
    clinic: ClinicRuntime;
  }
}

const DEPLOYMENT_PATHS = new Set(['/healthz', '/metrics']);
const pathOf = (url: string) => {
  const query = url.indexOf('?');
  return query < 0 ? url : url.slice(0, query);
};

/**
 * What the group host serves: the group page's paths (the client's index.html, as every page path), the
 * client's own files (hashed assets; a file at the root, as the icons and the manifest), and the group's API.
 */
export function groupHostServes(path: string): boolean {
  return (
    path === '/group' ||
    path.startsWith('/group/') ||
    path.startsWith('/api/group/') ||
    path.startsWith('/assets/') ||
    /^\/[A-Za-z0-9._-]+\.[A-Za-z0-9]+$/.test(path)
  );
}

export function registerClinicRouting(app: FastifyInstance, registry: ClinicRegistry, groupHost?: string): void {
  app.decorateRequest('clinic', null as unknown as ClinicRuntime);
  app.addHook('onRequest', (request, reply, done) => {
    if (DEPLOYMENT_PATHS.has(pathOf(request.url))) return done();
    const host = plainHost(request.host);
    if (groupHost !== undefined) {
      if (host === groupHost) return groupHostServes(pathOf(request.url)) ? done() : refuse(request, reply, false);
      // The group's API answers at the group host only: at a clinic's host it is refused as an unknown call.
      if (pathOf(request.url).startsWith('/api/group/')) return done(new AppError('NOT_FOUND', 'error.unknownFunction'));
    }
    const runtime = registry.runtimeFor(host);
    if (runtime) {
      request.clinic = runtime;
      return done();
    }
    // A host we do not know may be one the operator has just added: the list is read again (at most once a
    // second, however many such requests come) before the host is refused.
    registry.refreshSoon().then(
      () => {
        const now = registry.runtimeFor(host);
        if (now) {
          request.clinic = now;
          return done();
        }
        refuse(request, reply, registry.verdict(host).kind === 'closed');
      },
      (err: unknown) => done(err as Error),
    );
  });
}

function refuse(request: FastifyRequest, reply: FastifyReply, closed: boolean): void {
  const path = pathOf(request.url);
  if (path.startsWith('/api/') || path.startsWith('/line/webhook')) {
    void sendError(reply, closed ? new AppError('UNAVAILABLE', 'error.clinicClosed') : new AppError('NOT_FOUND', 'error.unknownClinic'));
    return;
  }
  void reply
    .code(closed ? 503 : 404)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(plainPage(closed ? 'clinicHost.closed' : 'clinicHost.unknown'));
}

/** No script, no style sheet, no link: nothing of any clinic, in both languages. */
function plainPage(key: 'clinicHost.closed' | 'clinicHost.unknown'): string {
  const text = (lang: 'ja' | 'en', part: 'title' | 'body') => label(clinicHostLabels, lang, `${key}.${part}` as ClinicHostKey);
  return `<!doctype html>
<html lang="ja"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${text('ja', 'title')}</title></head>
<body>
<main><h1>${text('ja', 'title')}</h1><p>${text('ja', 'body')}</p>
<section lang="en"><h2>${text('en', 'title')}</h2><p>${text('en', 'body')}</p></section></main>
</body></html>
`;
}
