/**
 * Security headers and a strict Content-Security-Policy. Pages under /line also allow the LINE
 * hosts the LIFF SDK talks to; everything else allows only our own origin. Browsers report violations
 * to /api/csp-report (csp-reports.ts): they are logged, and kept on the app so tests can prove none happened.
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { registerCspReports } from './csp-reports.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** CSP violation reports received since start (bounded; for operators' logs and for tests). */
    cspReports: unknown[];
  }
}

/**
 * The headers @fastify/helmet 13 (helmet 8) sent with decision 012's options (no CSP of its own, COOP
 * same-origin-allow-popups for the LINE sign-in and PWA install flows, no COEP, strict-origin-when-cross-origin),
 * written as one table: helmet rebuilt its middleware and called `res.setHeader` ten times on every answer, a
 * promise and ~40 µs of an opening burst's request (decision 022). test/api/security-headers.test.ts holds
 * every kind of answer to exactly these.
 */
const HARDENING: Readonly<Record<string, string>> = Object.freeze({
  'cross-origin-opener-policy': 'same-origin-allow-popups',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
});

const STRICT: Record<string, string[]> = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'media-src': ["'self'"],
  'worker-src': ["'self'"],
  'manifest-src': ["'self'"],
  'frame-src': ["'none'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
  'report-uri': ['/api/csp-report'],
};

/** What the LIFF SDK loads and calls (read from @line/liff 2.31's sources), plus our configured LINE URLs. */
function lineAllowances(config: Config): Record<string, string[]> {
  const configured = [config.LINE_API_BASE_URL, config.LINE_ACCESS_BASE_URL].map((u) => new URL(u).origin);
  return {
    'script-src': ['https://static.line-scdn.net', 'https://liffsdk.line-scdn.net'],
    'connect-src': ['https://api.line.me', 'https://*.line-scdn.net', 'https://liff.line.me', 'https://uts-front.line-apps.com', ...configured],
    'img-src': ['https://*.line-scdn.net'],
    'frame-src': ['https://liff.line.me', 'https://liff-subwindow.line.me'],
  };
}

function serialise(policy: Record<string, string[]>): string {
  return Object.entries(policy)
    .map(([directive, sources]) => `${directive} ${[...new Set(sources)].join(' ')}`)
    .join('; ');
}

export async function registerSecurity(app: FastifyInstance, config: Config) {
  const strict = serialise(STRICT);
  const extra = lineAllowances(config);
  const forLine = serialise(
    Object.fromEntries(
      Object.entries(STRICT).map(([d, sources]) => [d, extra[d] ? [...sources.filter((s) => s !== "'none'"), ...extra[d]] : sources]),
    ),
  );

  // Set on the reply (Fastify writes them with the answer in one writeHead), where helmet's onRequest hook
  // stood, so refusals made by later hooks carry them too; a hijacked reply (the live stream) writes
  // `reply.getHeaders()` itself.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(HARDENING);
    done();
  });
  // A callback hook, not an async one: no promise per request of a burst.
  app.addHook('onSend', (request, reply, payload, done) => {
    const url = request.url;
    const forLinePage = url.startsWith('/line') && (url.length === 5 || url[5] === '/' || url[5] === '?');
    reply.header('content-security-policy', forLinePage ? forLine : strict);
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=()');
    done(null, payload);
  });

  app.decorate('cspReports', [] as unknown[]);
  await registerCspReports(app);
}
