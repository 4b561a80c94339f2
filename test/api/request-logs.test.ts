/**
 * Every log line a request causes carries its request id, and a request slower than SLOW_REQUEST_MS logs
 * one warning with its timings: read from the JSON lines a real server writes while real requests arrive.
 */
import { describe, expect, it } from 'vitest';
import { callFn, mustCall, staffCookie } from '../support/client.js';
import { openSse, stalledViewer } from '../support/sse.js';
import { loadConfig } from '../../src/server/config.js';
import { startTestServer, type TestServer, type TestServerOptions } from '../support/server.js';

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  url?: string;
  req?: { url: string };
  totalMs?: number;
  toHandlerMs?: number;
  handlerMs?: number;
  sendMs?: number;
  statusCode?: number;
}

const WARN = 40;

async function serverWithLogs(env: Record<string, string>, live?: TestServerOptions['live']) {
  const lines: LogLine[] = [];
  const server = await startTestServer({
    env: { LOG_LEVEL: 'info', ...env },
    live,
    logStream: { write: (line) => void lines.push(JSON.parse(line) as LogLine) },
  });
  return { server, lines };
}

/** What the requests logged: everything after the server started listening. */
const requestLines = (lines: LogLine[]) => lines.filter((l) => !/^Server listening/.test(l.msg));
const slowLines = (lines: LogLine[]) => lines.filter((l) => l.msg === 'slow request');

describe('request logs', () => {
  it('carry the request id on every line, and one slow-request warning per request past the threshold', async () => {
    const { server, lines } = await serverWithLogs({ SLOW_REQUEST_MS: '0' });
    try {
      await callFn(server.url, 'getWebPushPublicKey');
      expect((await callFn(server.url, 'noSuchFunction')).status).toBe(404);
      await (await fetch(`${server.url}/healthz`)).arrayBuffer();
    } finally {
      await server.close();
    }
    const logged = requestLines(lines);
    expect(logged.length).toBeGreaterThan(0);
    for (const line of logged) expect(line.reqId, JSON.stringify(line)).toMatch(/\S/);

    const ids = new Set(logged.filter((l) => l.msg === 'incoming request').map((l) => l.reqId));
    expect(ids.size).toBe(3);
    const slow = slowLines(logged);
    expect(slow.map((l) => l.reqId).sort()).toEqual([...ids].sort());
    for (const line of slow) {
      expect(line.level).toBe(WARN);
      expect(line.totalMs).toBeGreaterThanOrEqual(0);
      expect(line.totalMs).toBeGreaterThanOrEqual(line.toHandlerMs!);
      expect(line.totalMs).toBeGreaterThanOrEqual(line.handlerMs!);
      expect(line.sendMs).toBeGreaterThanOrEqual(0);
    }
    expect(slow.find((l) => l.url === '/api/fn/noSuchFunction')?.statusCode).toBe(404);
  });

  it('log no warning for requests under the threshold, nor for the long-lived live streams', async () => {
    const quick = await serverWithLogs({ SLOW_REQUEST_MS: '3600000' });
    await callFn(quick.server.url, 'getWebPushPublicKey');
    await quick.server.close();
    expect(requestLines(quick.lines).some((l) => l.msg === 'incoming request')).toBe(true);
    expect(slowLines(quick.lines)).toEqual([]);

    const { server, lines } = await serverWithLogs({ SLOW_REQUEST_MS: '0' });
    const viewer = await openSse(`${server.url}/api/live/queue`);
    await viewer.next();
    // Closing the server ends the stream from its side, so the request completes and would be measured.
    await server.close();
    viewer.close();
    const streamIds = lines.filter((l) => l.req?.url === '/api/live/queue').map((l) => l.reqId);
    expect(lines.some((l) => streamIds.includes(l.reqId) && l.msg === 'request completed')).toBe(true);
    expect(slowLines(lines)).toEqual([]);
  });

  it('name the request of a live viewer dropped for not reading', async () => {
    // A small bound and no pacing: real back-pressure on a real socket, in few changes.
    const { server, lines } = await serverWithLogs({}, { maxBufferedBytes: 64 * 1024, minIntervalMs: 0 });
    try {
      const cookie = await staffCookie(server.url, server.store);
      const staff = (name: string, data: unknown = {}) => mustCall<{ slots?: { id: string }[] }>(server.url, name, data, { cookie });
      await staff('startInhouseReception');
      for (let i = 0; i < 10; i++) await Promise.all(Array.from({ length: 20 }, () => staff('allocateNextSlot', { reservedType: 'ADMIN' })));
      const slotId = await firstSlot(server, cookie);
      const stalled = await stalledViewer(server.url, '/api/live/queue');
      const dropped = () => lines.some((l) => l.msg === 'live viewer dropped: not reading');
      for (let changes = 0; changes < 2000 && !dropped(); changes++) {
        await staff('markSlot', { slotId, action: changes % 2 ? 'undoHold' : 'hold' });
      }
      stalled.destroy();
      const drop = lines.find((l) => l.msg === 'live viewer dropped: not reading');
      const opened = lines.find((l) => l.msg === 'incoming request' && l.req?.url === '/api/live/queue');
      expect(drop?.reqId).toBeDefined();
      expect(drop?.reqId).toBe(opened?.reqId);
    } finally {
      await server.close();
    }
  });
});

describe('SLOW_REQUEST_MS', () => {
  it('is one second unless set, and a number of milliseconds from 0 up', () => {
    expect(loadConfig({}).SLOW_REQUEST_MS).toBe(1000);
    expect(loadConfig({ SLOW_REQUEST_MS: '250' }).SLOW_REQUEST_MS).toBe(250);
    expect(() => loadConfig({ SLOW_REQUEST_MS: '-1' })).toThrow(/SLOW_REQUEST_MS/);
    expect(() => loadConfig({ SLOW_REQUEST_MS: 'soon' })).toThrow(/SLOW_REQUEST_MS/);
  });
});

async function firstSlot(server: TestServer, cookie: string): Promise<string> {
  const admin = await openSse(`${server.url}/api/live/admin`, { cookie });
  const { slots } = JSON.parse((await admin.next()).data) as { slots: { id: string }[] };
  admin.close();
  return slots[0].id;
}

