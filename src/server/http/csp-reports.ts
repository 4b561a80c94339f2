/**
 * POST /api/csp-report: browsers report Content-Security-Policy violations here. Anyone can post, so what
 * one report puts in the log is bounded (REPORT_MAX_CHARS), and so is how many reach the log: per client
 * address and overall, per minute, in this process. Reports past a budget are answered 204 like the others
 * (a browser does nothing with a refusal, and a sender learns nothing) and are neither logged nor kept;
 * one line per minute says how many were dropped, so operators still see that a flood happened.
 */
import type { FastifyInstance } from 'fastify';
import { clientKey } from '../abuse/limits.js';
import { loggableUrl } from './log-redaction.js';

/** A real report is well under 2 KB even with the /line policy quoted in it. */
export const REPORT_MAX_CHARS = 2048;
export const REPORTS_PER_ADDRESS_PER_MINUTE = 10;
export const REPORTS_PER_MINUTE = 100;
/** What is kept on the app for tests and operators. */
const KEPT_REPORTS = 100;

/** Every URL in a report without its query values: a violation on /line/callback quotes its code. */
function withoutQueries(value: unknown): unknown {
  if (typeof value === 'string') return /^(https?:\/\/|\/)/.test(value) ? loggableUrl(value) : value;
  if (Array.isArray(value)) return value.map(withoutQueries);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withoutQueries(v)]));
  }
  return value;
}

/** The report itself when small enough; else the start of its JSON text, marked as cut. */
export function boundedReport(body: unknown): unknown {
  const report = withoutQueries(body);
  const text = JSON.stringify(report) ?? String(report);
  return text.length <= REPORT_MAX_CHARS ? report : { truncated: text.slice(0, REPORT_MAX_CHARS), length: text.length };
}

/** Fixed one-minute windows, starting at the first report after the last window ended. */
function reportBudget(now = () => Date.now()) {
  let windowEnd = 0;
  let total = 0;
  let dropped = 0;
  const byAddress = new Map<string, number>();
  return {
    /** True when this report may be logged; `closed` is the number dropped in a window that just ended. */
    take(ip: string): { allowed: boolean; closed: number } {
      let closed = 0;
      if (now() >= windowEnd) {
        closed = dropped;
        windowEnd = now() + 60_000;
        total = 0;
        dropped = 0;
        byAddress.clear();
      }
      const key = clientKey(ip);
      const mine = byAddress.get(key) ?? 0;
      // Addresses enter the map only when let through, so it never holds more than REPORTS_PER_MINUTE.
      if (total >= REPORTS_PER_MINUTE || mine >= REPORTS_PER_ADDRESS_PER_MINUTE) {
        dropped++;
        return { allowed: false, closed };
      }
      total++;
      byAddress.set(key, mine + 1);
      return { allowed: true, closed };
    },
  };
}

export async function registerCspReports(app: FastifyInstance) {
  const budget = reportBudget();
  await app.register(async (scope) => {
    // Only this route accepts the report media types; function calls stay JSON-only.
    scope.addContentTypeParser(
      ['application/csp-report', 'application/reports+json'],
      { parseAs: 'string', bodyLimit: 8 * 1024 },
      (_request, body, done) => {
        try {
          done(null, JSON.parse(String(body)));
        } catch {
          done(null, { unparsable: String(body).slice(0, 200) });
        }
      },
    );
    scope.post('/api/csp-report', async (request, reply) => {
      const { allowed, closed } = budget.take(request.ip);
      if (closed > 0) request.log.warn({ dropped: closed }, 'content security policy reports dropped (too many)');
      if (allowed) {
        const report = boundedReport(request.body);
        if (app.cspReports.length < KEPT_REPORTS) app.cspReports.push(report);
        request.log.warn({ report }, 'content security policy violation');
      }
      return reply.code(204).send();
    });
  });
}
