import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { describeBrowser, launchBrowser, PHONES } from './support/browser.js';

describeBrowser('security headers and Content-Security-Policy', () => {
  let server: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startTestServer({ clientDir: inject('clientDir') });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    server.app.cspReports.length = 0; // the deliberate violation below is not a failure of the app
    await server?.close();
  });

  it('sends a strict policy and the usual hardening headers on pages and API answers', async () => {
    for (const path of ['/web/all', '/admin/queue', '/api/client-config']) {
      const response = await fetch(`${server.url}${path}`);
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self';");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('line-scdn');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('permissions-policy')).toContain('camera=()');
    }
  });

  it('lets /line pages reach LINE’s own hosts, and only those', async () => {
    const csp = (await fetch(`${server.url}/line/book`)).headers.get('content-security-policy') ?? '';
    expect(csp).toContain('https://api.line.me');
    expect(csp).toContain('https://static.line-scdn.net');
    expect(csp).toContain("object-src 'none'");
  });

  it('blocks an injected inline script and the browser reports it to the server', async () => {
    const page = await browser.newPage(PHONES.android);
    await page.goto(`${server.url}/web/all`);
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true';
      document.body.append(script);
    });
    expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined();
    const deadline = Date.now() + 10_000;
    while (server.app.cspReports.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(JSON.stringify(server.app.cspReports)).toContain('script-src');
    await page.close();
  });
});
