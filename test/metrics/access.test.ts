/** Where /metrics answers: nowhere by default, behind METRICS_TOKEN on the main port, or on METRICS_PORT. */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { parseMetrics, valueOf } from './scrape.js';

const TOKEN = randomBytes(24).toString('hex');

async function get(url: string, headers: Record<string, string> = {}) {
  const response = await fetch(url, { headers });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

function expectCatalogueRefusal(answer: { status: number; text: string }, status: number, code: string) {
  expect(answer.status).toBe(status);
  expect(JSON.parse(answer.text)).toMatchObject({ error: { status: code, message: expect.any(String) } });
}

const metricsPort = (server: TestServer) => (server.app.metricsServer!.address() as AddressInfo).port;

describe('/metrics', () => {
  let server: TestServer | undefined;
  let clientDir: string | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
    if (clientDir) rmSync(clientDir, { recursive: true, force: true });
    clientDir = undefined;
  });

  it('does not exist without METRICS_PORT or METRICS_TOKEN: a 404, never the client page', async () => {
    // A client directory: every unknown GET path would otherwise be answered with index.html.
    clientDir = mkdtempSync(join(tmpdir(), 'cq-client-'));
    writeFileSync(join(clientDir, 'index.html'), '<!doctype html><title>client</title>');
    server = await startTestServer({ clientDir });
    expectCatalogueRefusal(await get(`${server.url}/metrics`), 404, 'NOT_FOUND');
    expectCatalogueRefusal(await get(`${server.url}/metrics`, { authorization: `Bearer ${TOKEN}` }), 404, 'NOT_FOUND');
    expect(server.app.metricsServer).toBeNull();
  });

  it('with METRICS_TOKEN, refuses a missing or wrong token and serves with the right one', async () => {
    server = await startTestServer({ env: { METRICS_TOKEN: TOKEN } });
    const missing = await get(`${server.url}/metrics`);
    expectCatalogueRefusal(missing, 401, 'UNAUTHENTICATED');
    expect(missing.headers.get('www-authenticate')).toBe('Bearer');
    expect(JSON.parse(missing.text).error.message).toContain('METRICS_TOKEN');
    expectCatalogueRefusal(await get(`${server.url}/metrics`, { authorization: `Bearer ${TOKEN}x` }), 401, 'UNAUTHENTICATED');
    expectCatalogueRefusal(await get(`${server.url}/metrics`, { authorization: TOKEN }), 401, 'UNAUTHENTICATED');
    expect((await get(`${server.url}/metrics`, { authorization: `Bearer ${TOKEN}` })).text).not.toContain(TOKEN);

    const served = await get(`${server.url}/metrics`, { authorization: `Bearer ${TOKEN}` });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const samples = parseMetrics(served.text);
    expect(valueOf(samples, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    // The refusals above were counted, by route and code.
    expect(valueOf(samples, 'clinic_queue_requests_total', { route: '/metrics', outcome: 'UNAUTHENTICATED' })).toBe(3);
  });

  it('with METRICS_PORT, serves on that port (loopback) and not on the main one', async () => {
    server = await startTestServer({ env: { METRICS_PORT: '0' } });
    expectCatalogueRefusal(await get(`${server.url}/metrics`), 404, 'NOT_FOUND');
    const address = server.app.metricsServer!.address() as AddressInfo;
    expect(address.address).toBe('127.0.0.1');
    expect(address.port).not.toBe(new URL(server.url).port);
    const served = await get(`http://127.0.0.1:${address.port}/metrics`);
    expect(served.status).toBe(200);
    expect(valueOf(parseMetrics(served.text), 'clinic_queue_requests_total', { route: '/metrics', outcome: 'NOT_FOUND' })).toBe(1);
    expectCatalogueRefusal(await get(`http://127.0.0.1:${address.port}/`), 404, 'NOT_FOUND');

    const port = metricsPort(server);
    await server.close();
    server = undefined;
    // The metrics port closes with the app.
    await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow();
  });

  it('with both, asks for the token on the metrics port as well', async () => {
    server = await startTestServer({ env: { METRICS_PORT: '0', METRICS_TOKEN: TOKEN } });
    const url = `http://127.0.0.1:${metricsPort(server)}/metrics`;
    expectCatalogueRefusal(await get(url), 401, 'UNAUTHENTICATED');
    expect((await get(url, { authorization: `Bearer ${TOKEN}` })).status).toBe(200);
    expect((await get(`${server.url}/metrics`, { authorization: `Bearer ${TOKEN}` })).status).toBe(200);
  });
});
