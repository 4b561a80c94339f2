/** The function envelope of docs/api.md over real HTTP: shapes, refusals, content types, Origin, sizes. */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FUNCTION_NAMES } from '../../src/shared/schemas/functions.js';
import { callFn, mustCall, pwaPatient, staffCookie } from '../support/client.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { expectRefusal, JAPANESE, queueSnapshotText, rawPost } from './api-support.js';

let server: TestServer;
let cookie: string;
const fn = (name: string) => `${server.url}/api/fn/${name}`;
const json = { 'content-type': 'application/json' };

beforeAll(async () => {
  server = await startTestServer();
  cookie = await staffCookie(server.url, server.store);
});
afterAll(async () => server?.close());

describe('success', () => {
  it('answers 200 with exactly {"result": …}', async () => {
    const answer = await rawPost(fn('exchangePwaInstallation'), JSON.stringify({ data: { installId: randomUUID() } }), json);
    expect(answer.status).toBe(200);
    expect(answer.contentType).toMatch(/^application\/json/);
    expect(Object.keys(answer.body as object)).toEqual(['result']);
    const result = (answer.body as { result: { uid: string; customToken: string } }).result;
    expect(result.uid).toMatch(/^PWA_/);
    expect(result.customToken).toBeTypeOf('string');
  });

  it('accepts a call without "data" for a function without payload, and a charset parameter', async () => {
    const answer = await rawPost(fn('startInhouseReception'), '{}', { 'content-type': 'application/json; charset=utf-8', cookie });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ result: { ok: true, changed: true } });
  });
});

describe('refusals', () => {
  it('an unknown function is 404 NOT_FOUND, also for names that exist on every object', async () => {
    for (const name of ['noSuchFunction', 'constructor', '__proto__', 'toString', 'hasOwnProperty', 'ALLOCATENEXTSLOT']) {
      const answer = await rawPost(fn(name), JSON.stringify({ data: {} }), json);
      expectRefusal(answer, 'NOT_FOUND');
    }
  });

  it('a GET on a function path is 404 NOT_FOUND in the envelope', async () => {
    const response = await fetch(fn('allocateNextSlot'));
    expectRefusal({ status: response.status, body: await response.json() }, 'NOT_FOUND');
  });

  const badBodies: [string, string | undefined, Record<string, string>][] = [
    ['malformed JSON', '{"data": {', json],
    ['truncated JSON', '{"data": {"installId": "x"}', json],
    ['an empty JSON body', '', json],
    ['JSON null', 'null', json],
    ['a JSON array', '[]', json],
    ['a JSON string', '"data"', json],
    ['text/plain', JSON.stringify({ data: { installId: randomUUID() } }), { 'content-type': 'text/plain' }],
    ['a form', `data=${encodeURIComponent(JSON.stringify({ installId: randomUUID() }))}`, { 'content-type': 'application/x-www-form-urlencoded' }],
    ['multipart', '--x\r\nContent-Disposition: form-data; name="data"\r\n\r\n{}\r\n--x--\r\n', { 'content-type': 'multipart/form-data; boundary=x' }],
    ['no content type and no body', undefined, {}],
    ['an unknown top-level field', JSON.stringify({ data: { installId: randomUUID() }, extra: 1 }), json],
    ['an unknown payload field', JSON.stringify({ data: { installId: randomUUID(), admin: true } }), json],
    ['a wrong type', JSON.stringify({ data: { installId: 42 } }), json],
    ['a missing field', JSON.stringify({ data: {} }), json],
    ['data that is not an object', JSON.stringify({ data: 'x' }), json],
    ['a malformed uuid', JSON.stringify({ data: { installId: 'not-a-uuid' } }), json],
    ['prototype poisoning', '{"data": {"installId": "x"}, "__proto__": {"admin": true}}', json],
    ['constructor poisoning', '{"data": {"constructor": {"prototype": {"admin": true}}}}', json],
  ];
  it.each(badBodies)('%s is 400 INVALID_ARGUMENT', async (_label, body, headers) => {
    const answer = await rawPost(fn('exchangePwaInstallation'), body, headers);
    expectRefusal(answer, 'INVALID_ARGUMENT');
  });

  it('a body over 16 KB is 400 INVALID_ARGUMENT with its own Japanese message', async () => {
    const body = JSON.stringify({ data: { installId: randomUUID() }, pad: 'x'.repeat(17 * 1024) });
    const answer = await rawPost(fn('exchangePwaInstallation'), body, json);
    expectRefusal(answer, 'INVALID_ARGUMENT', 'リクエストが大きすぎます');
  });

  it('a body just under 16 KB is judged on its content, not its size', async () => {
    const body = JSON.stringify({ data: { installId: randomUUID(), pad: 'x'.repeat(15 * 1024) } });
    const answer = await rawPost(fn('exchangePwaInstallation'), body, json);
    expectRefusal(answer, 'INVALID_ARGUMENT', 'リクエストの内容が正しくありません');
  });

  it('staff payloads are checked too: wrong enum, missing slotId, extra field', async () => {
    const cases = [
      ['markSlot', { slotId: 'x', action: 'explode' }],
      ['markSlot', { action: 'start' }],
      ['claimAdminBeep', { slotId: '' }],
      ['allocateNextSlot', { reservedType: 'WALKIN' }],
      ['startInhouseReception', { force: true }],
      ['sendReservationMessageBySlot', { slotId: 'x', kind: 'ahead5' }],
      ['cancelReservation', { slotId: 'x', reservationNumber: 1.5, canceledBy: 'PWA' }],
    ] as const;
    for (const [name, data] of cases) expectRefusal(await callFn(server.url, name, data, { cookie }), 'INVALID_ARGUMENT');
  });
});

describe('Origin', () => {
  it('another site is 403 PERMISSION_DENIED and changes nothing, even with a staff cookie', async () => {
    const before = await queueSnapshotText(server.url);
    for (const origin of ['https://evil.example', 'null', `http://127.0.0.1:1`, 'not a url']) {
      for (const name of ['endInhouseReception', 'startOnlineReception', 'allocateNextSlot']) {
        const body = JSON.stringify({ data: name === 'allocateNextSlot' ? { reservedType: 'ADMIN' } : {} });
        const answer = await rawPost(fn(name), body, { ...json, cookie, origin });
        expectRefusal(answer, 'PERMISSION_DENIED');
      }
      const login = await rawPost(`${server.url}/api/staff/login`, JSON.stringify({ username: 'a', password: 'b' }), {
        ...json,
        origin,
      });
      expectRefusal(login, 'PERMISSION_DENIED');
    }
    expect(await queueSnapshotText(server.url)).toBe(before);
  });

  it('the same origin is accepted, and a cross-site GET of the public stream is fine', async () => {
    // Its own clinic, open for tickets, so the shared one keeps reception closed for the tests above.
    const own = await startTestServer();
    try {
      const ownCookie = await staffCookie(own.url, own.store);
      await mustCall(own.url, 'startInhouseReception', {}, { cookie: ownCookie });
      const before = JSON.parse(await queueSnapshotText(own.url)) as { version: number };
      const answer = await rawPost(`${own.url}/api/fn/allocateNextSlot`, JSON.stringify({ data: { reservedType: 'ADMIN' } }), {
        ...json,
        cookie: ownCookie,
        origin: own.url,
      });
      expect(answer.status).toBe(200);
      const response = await fetch(`${own.url}/api/live/queue`, { headers: { origin: 'https://evil.example' } });
      expect(response.status).toBe(200);
      await response.body?.cancel();
      const after = JSON.parse(await queueSnapshotText(own.url)) as { version: number };
      expect(after.version).toBeGreaterThan(before.version);
    } finally {
      await own.close();
    }
  });
});

describe('no input gives a 500', () => {
  const bodies = [
    '',
    'null',
    '{}',
    '{"data":null}',
    '{"data":[]}',
    '{"data":{"slotId":null}}',
    '{"data":{"slotId":"x","reservationNumber":1e309,"canceledBy":"PWA"}}',
    '{"data":{"subscription":{"endpoint":"javascript:alert(1)","keys":{"p256dh":"a","auth":"b"}}}}',
    '{"data":{"code":"x","state":"y","redirectUri":"file:///etc/passwd"}}',
    '{"data":{"installId":"00000000-0000-4000-8000-000000000000","x":{"y":[[[[[[[[[[]]]]]]]]]]}}}',
    '\u0000\u0001',
    '{"data":"\ud800"}',
  ];
  it('fuzzed bodies against every function, as a stranger, a patient and staff', async () => {
    const patient = await pwaPatient(server.url);
    const callers: Record<string, string>[] = [{}, { authorization: `Bearer ${patient.token}` }, { cookie }, { authorization: 'Bearer ../../etc' }];
    for (const name of FUNCTION_NAMES) {
      for (const body of bodies) {
        for (const headers of callers) {
          const answer = await rawPost(fn(name), body, { ...json, ...headers });
          expect(answer.status, `${name} ${body}`).toBeLessThan(500);
          const error = (answer.body as { error?: { message: string } }).error;
          if (error) expect(error.message).toMatch(JAPANESE);
        }
      }
    }
  });

  it('still works after all that', async () => {
    const { uid } = await mustCall<{ uid: string }>(server.url, 'exchangePwaInstallation', { installId: randomUUID() });
    expect(uid).toMatch(/^PWA_/);
  });
});
