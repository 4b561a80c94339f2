/**
 * POST /api/csp-report is open to anyone: what a report puts in the log is bounded, and so is how many
 * reports reach the log, per client address and overall. Read from a real server's log lines.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { REPORT_MAX_CHARS, REPORTS_PER_ADDRESS_PER_MINUTE, REPORTS_PER_MINUTE } from '../../src/server/http/csp-reports.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
let lines: string[] = [];
async function start() {
  lines = [];
  server = await startTestServer({
    env: { LOG_LEVEL: 'info', TRUST_PROXY: 'true' },
    logStream: { write: (line) => void lines.push(line) },
  });
}
afterEach(async () => {
  if (!server) return;
  server.app.cspReports.length = 0; // these reports were sent on purpose: not a policy violation of the app
  await server.close();
});

const violation = (extra: Record<string, unknown> = {}) => ({
  'csp-report': {
    'document-uri': 'https://clinic.example/web/all',
    'violated-directive': 'script-src',
    'blocked-uri': 'https://evil.example/x.js',
    ...extra,
  },
});

async function report(ip: string, body: unknown = violation()) {
  const response = await fetch(`${server.url}/api/csp-report`, {
    method: 'POST',
    headers: { 'content-type': 'application/csp-report', 'x-forwarded-for': ip },
    body: JSON.stringify(body),
  });
  await response.arrayBuffer();
  return response.status;
}

const logged = (msg: string) => lines.filter((line) => (JSON.parse(line) as { msg: string }).msg === msg);
const VIOLATION = 'content security policy violation';

describe('CSP violation reports', () => {
  it('are logged and kept cut to a bounded size, without the query values of the URLs they quote', async () => {
    await start();
    const sample = 'x'.repeat(6000);
    const status = await report('198.51.100.1', violation({ 'script-sample': sample, 'document-uri': 'https://clinic.example/line/callback?code=c0de-Secret&state=st4te-Secret' }));
    expect(status).toBe(204);
    expect(server.app.cspReports).toHaveLength(1);
    expect(JSON.stringify(server.app.cspReports[0]).length).toBeLessThanOrEqual(REPORT_MAX_CHARS + 100);
    const [line] = logged(VIOLATION);
    expect(line.length).toBeLessThanOrEqual(REPORT_MAX_CHARS + 600);
    expect(line).toContain('script-src');
    expect(line).not.toContain('c0de-Secret');
    expect(line).not.toContain('st4te-Secret');
  });

  it('reach the log at most REPORTS_PER_ADDRESS_PER_MINUTE times per address; the rest are answered 204 unlogged', async () => {
    await start();
    const statuses = [];
    for (let i = 0; i < REPORTS_PER_ADDRESS_PER_MINUTE + 15; i++) statuses.push(await report('198.51.100.1'));
    expect(new Set(statuses)).toEqual(new Set([204]));
    expect(logged(VIOLATION)).toHaveLength(REPORTS_PER_ADDRESS_PER_MINUTE);
    expect(server.app.cspReports).toHaveLength(REPORTS_PER_ADDRESS_PER_MINUTE);
    // Another address has its own budget.
    expect(await report('198.51.100.2')).toBe(204);
    expect(logged(VIOLATION)).toHaveLength(REPORTS_PER_ADDRESS_PER_MINUTE + 1);
  });

  it('reach the log at most REPORTS_PER_MINUTE times overall, from however many addresses', async () => {
    await start();
    for (let i = 0; i < REPORTS_PER_MINUTE + 50; i++) expect(await report(`10.0.${Math.floor(i / 200)}.${i % 200}`)).toBe(204);
    expect(logged(VIOLATION)).toHaveLength(REPORTS_PER_MINUTE);
  });
});
