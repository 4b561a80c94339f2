/**
 * What one client can cost the live streams: a bounded number of open public streams per address, and
 * nothing buffered without limit for a viewer that stopped reading.
 */
import type { Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mustCall, staffCookie } from '../support/client.js';
import { openSse, type SseReader, stalledViewer } from '../support/sse.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { expectRefusal } from './api-support.js';

const QUEUE = '/api/live/queue';

describe('open public streams per client address', () => {
  let server: TestServer;
  const readers: SseReader[] = [];
  afterEach(async () => {
    readers.splice(0).forEach((r) => r.close());
    await server?.close();
  });
  const start = async (env: Record<string, string>) => {
    server = await startTestServer({ env: { TRUST_PROXY: 'true', ...env } });
  };
  /** Opens a stream as `ip` (through the trusted proxy's X-Forwarded-For); holds it until the test ends. */
  async function stream(ip: string, path = QUEUE, headers: Record<string, string> = {}) {
    const reader = await openSse(`${server.url}${path}`, { 'x-forwarded-for': ip, ...headers });
    readers.push(reader);
    if (reader.status === 200) await reader.next(); // the first snapshot: the stream really is open
    return reader;
  }
  /** One try: an accepted stream is closed at once; a refusal is read whole. */
  async function attempt(ip: string) {
    const response = await fetch(`${server.url}${QUEUE}`, { headers: { 'x-forwarded-for': ip } });
    const contentType = response.headers.get('content-type');
    if (response.status === 200) {
      await response.body?.cancel();
      return { status: 200, contentType, body: null };
    }
    return { status: response.status, contentType, body: (await response.json()) as unknown };
  }

  it('refuses a stream past the cap with RESOURCE_EXHAUSTED, per address; a closed stream frees its place', async () => {
    await start({ LIVE_STREAMS_PER_ADDRESS: '3' });
    const mine = [await stream('198.51.100.7'), await stream('198.51.100.7'), await stream('198.51.100.7')];
    expect(mine.map((r) => r.status)).toEqual([200, 200, 200]);
    const refused = await attempt('198.51.100.7');
    expect(refused.contentType).toMatch(/^application\/json/);
    expectRefusal(refused, 'RESOURCE_EXHAUSTED', '接続が多すぎます');
    // Another address has its own places; staff streams are not counted.
    expect((await stream('198.51.100.8')).status).toBe(200);
    const cookie = await staffCookie(server.url, server.store);
    expect((await stream('198.51.100.7', '/api/live/admin', { cookie })).status).toBe(200);
    // HEAD opens no stream and takes no place.
    expect((await fetch(`${server.url}${QUEUE}`, { method: 'HEAD', headers: { 'x-forwarded-for': '198.51.100.9' } })).status).toBe(200);

    mine[0].close();
    // The server learns of the close asynchronously: ask until the place is free again.
    let answer = await attempt('198.51.100.7');
    for (let i = 0; i < 100 && answer.status === 429; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      answer = await attempt('198.51.100.7');
    }
    expect(answer.status).toBe(200);
  });

  it('leaves trusted networks and RATE_LIMIT=off uncapped', async () => {
    const envs: Record<string, string>[] = [{ RATE_LIMIT_TRUSTED: '203.0.113.0/24' }, { RATE_LIMIT: 'off' }];
    for (const env of envs) {
      await start({ LIVE_STREAMS_PER_ADDRESS: '1', ...env });
      const both = [await stream('203.0.113.5'), await stream('203.0.113.5')];
      expect(both.map((r) => r.status)).toEqual([200, 200]);
      readers.splice(0).forEach((r) => r.close());
      await server.close();
    }
    await start({ LIVE_STREAMS_PER_ADDRESS: '1', RATE_LIMIT_TRUSTED: '203.0.113.0/24' });
    await stream('192.0.2.5');
    expect((await attempt('192.0.2.5')).status).toBe(429);
  });
});

describe('a viewer that stops reading', () => {
  let server: TestServer;
  let cookie: string;
  beforeAll(async () => {
    // The OS takes a few MB for a paused socket before anything stays in the server. A small bound, and a
    // frame for every change (no 50 ms pacing), keep the test short; the drop still comes from real
    // back-pressure on a real socket.
    server = await startTestServer({ live: { maxBufferedBytes: 64 * 1024, minIntervalMs: 0 } });
    cookie = await staffCookie(server.url, server.store);
  });
  afterAll(async () => server?.close());
  const staff = <T>(name: string, data: unknown = {}) => mustCall<T>(server.url, name, data, { cookie });

  /** A raw HTTP client that reads the headers and first snapshot, then stops reading (pause). */
  it('is dropped once its unsent bytes pass the bound; a viewer that reads keeps every change', async () => {
    await staff('startInhouseReception');
    // Full-size frames: a session's 200 numbers in the queue.
    for (let i = 0; i < 10; i++) {
      await Promise.all(Array.from({ length: 20 }, () => staff('allocateNextSlot', { reservedType: 'ADMIN' })));
    }
    const first = await openSse(`${server.url}/api/live/admin`, { cookie });
    const slotId = (JSON.parse((await first.next()).data) as { slots: { id: string }[] }).slots[0].id;
    first.close();

    const serverSide = new Map<number, Socket>();
    server.app.server.on('connection', (socket: Socket) => serverSide.set(socket.remotePort!, socket));
    const reading = await openSse(`${server.url}${QUEUE}`);
    await reading.next();
    const stalled = [await stalledViewer(server.url, QUEUE), await stalledViewer(server.url, '/api/live/admin', `cookie: ${cookie}\r\n`)];
    const dropped = () => stalled.every((c) => serverSide.get(c.localPort!)?.destroyed === true);

    let changes = 0;
    for (; changes < 2000 && !dropped(); changes++) {
      await staff('markSlot', { slotId, action: changes % 2 ? 'undoHold' : 'hold' });
    }
    expect(dropped()).toBe(true);

    // The reader that kept reading still gets the next change.
    await staff('markSlot', { slotId, action: changes % 2 ? 'undoHold' : 'hold' });
    const held = changes % 2 === 0;
    const last = JSON.parse((await reading.next((e) => (JSON.parse(e.data) as { queue: { hold: boolean }[] }).queue.some((r) => r.hold) === held)).data);
    expect(last.queue).toHaveLength(200);
    reading.close();

    // The stalled clients, reading again, find their streams ended by the server.
    for (const socket of stalled) {
      const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()));
      socket.on('error', () => {});
      socket.resume();
      await ended;
    }
  });
});
