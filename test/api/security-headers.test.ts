/**
 * Every kind of answer carries the same security headers, exactly: function results and refusals, refusals
 * Fastify makes (bad JSON, unknown route, wrong origin), the client's config, and a hijacked live stream.
 * The expected values are those @fastify/helmet 13 (helmet 8) sent with decision 012's options; the headers
 * are now written from one precomputed table (http/security.ts), and this test holds them to the old ones.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request as httpRequest } from 'node:http';
import { startTestServer, type TestServer } from '../support/server.js';
import { pwaPatient } from '../support/client.js';

const HELMET: Record<string, string> = {
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
};
const PERMISSIONS = 'camera=(), microphone=(), geolocation=(), payment=()';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

/** The raw answer's header names in order and values (node:http, so nothing is merged or reordered). */
function raw(method: string, path: string, headers: Record<string, string> = {}, body?: string) {
  return new Promise<{ status: number; names: string[]; headers: Record<string, string>; text?: string }>((resolve, reject) => {
    const req = httpRequest(`${server.url}${path}`, { method, headers }, (res) => {
      const names: string[] = [];
      for (let i = 0; i < res.rawHeaders.length; i += 2) names.push(res.rawHeaders[i].toLowerCase());
      const result = { status: res.statusCode ?? 0, names, headers: res.headers as Record<string, string> };
      // A live stream never ends: its headers are all we need.
      if (String(res.headers['content-type']).startsWith('text/event-stream')) {
        req.destroy();
        resolve(result);
        return;
      }
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ ...result, text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const security = (headers: Record<string, string>) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => name in HELMET || name.endsWith('-policy')));

describe('security headers on every kind of answer', () => {
  it('function results and refusals, Fastify refusals and the config carry the same set, CSP and permissions too', async () => {
    const patient = await pwaPatient(server.url);
    const json = { 'content-type': 'application/json' };
    const answers = {
      result: await raw('POST', '/api/fn/getMyReservation', { ...json, authorization: `Bearer ${patient.token}` }, JSON.stringify({ data: {} })),
      refusal: await raw('POST', '/api/fn/allocateNextSlot', { ...json, authorization: `Bearer ${patient.token}` }, JSON.stringify({ data: { reservedType: 'PWA' } })),
      unauthenticated: await raw('POST', '/api/fn/allocateNextSlot', json, JSON.stringify({ data: { reservedType: 'PWA' } })),
      badJson: await raw('POST', '/api/fn/getMyReservation', json, '{"data":'),
      unknownFunction: await raw('POST', '/api/fn/noSuchFunction', json, JSON.stringify({ data: {} })),
      notFound: await raw('GET', '/api/nothing-here'),
      crossOrigin: await raw('POST', '/api/fn/getMyReservation', { ...json, origin: 'https://evil.example' }, JSON.stringify({ data: {} })),
      config: await raw('GET', '/api/client-config'),
    };
    for (const [kind, answer] of Object.entries(answers)) {
      expect(security(answer.headers), kind).toEqual({
        ...HELMET,
        'content-security-policy': expect.stringContaining("default-src 'self'"),
        'permissions-policy': PERMISSIONS,
      });
    }
    // Refusals answered from one serialised body per refusal (http/envelope.ts) keep Fastify's JSON type.
    for (const [kind, answer] of Object.entries(answers)) expect(answer.headers['content-type'], kind).toBe('application/json; charset=utf-8');
    // The statuses show each kind is what its name says (the refusal is "online stopped", the light path).
    expect(answers.refusal.text).toContain('FAILED_PRECONDITION');
    expect(Object.fromEntries(Object.entries(answers).map(([k, a]) => [k, a.status]))).toEqual({
      result: 200, refusal: 400, unauthenticated: 401, badJson: 400, unknownFunction: 404,
      notFound: 404, crossOrigin: 403, config: 200,
    });
  });

  it('a hijacked live stream carries the helmet set (it never had the CSP or permissions policy)', async () => {
    const stream = await raw('GET', '/api/live/queue');
    expect(stream.status).toBe(200);
    expect(security(stream.headers)).toEqual(HELMET);
    expect(stream.headers['content-type']).toMatch(/^text\/event-stream/);
  });
});
