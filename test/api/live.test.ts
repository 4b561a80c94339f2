/** The live streams over real HTTP: wire format, snapshots after every change, ordering, viewers leaving. */
import { request as httpRequest } from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mustCall, staffCookie } from '../support/client.js';
import { openSse, type SseEvent, type SseReader } from '../support/sse.js';
import { startTestServer, type TestServer } from '../support/server.js';
import type { AdminData } from './api-support.js';

// Every slot field (docs/product.md, "Data") but the owner ids, plus the id and number the list is keyed by.
const SLOT_FIELDS = [
  'id', 'reservationNumber', 'isReserved', 'canceled', 'canceledAt', 'isReceptionAccepted', 'receptionAcceptedAt',
  'reservedType', 'reservedAt', 'createdAt', 'updatedAt', 'hold', 'holdAt', 'canceledLineAt',
  'canceledPwaAt', 'notifiedAheadAt', 'notifiedAt', 'ahead5SkippedAt', 'ahead5SkippedReason', 'adminConfirmedAt',
  'adminBeepAnnounced', 'queuePosition', 'absences', 'absentAt', 'absentPlaces', 'arrivedAt', 'arrivedBy', 'familyId',
  'memberName', 'noticeMinutes',
];

interface QueueData {
  runtime: { inhouseOn: boolean; onlineOn: boolean; currentWaitCount: number };
  queue: { reservationNumber: number; ahead?: number; hold?: true; absent?: true }[];
  version: number;
}

// Each test gets a server of its own: a test's rows and stream versions never reach another test.
let server: TestServer;
let cookie: string;
const staff = <T>(name: string, data: unknown = {}) => mustCall<T>(server.url, name, data, { cookie });
type Taken = { slotId: string; reservationNumber: number };

beforeEach(async () => {
  server = await startTestServer();
  cookie = await staffCookie(server.url, server.store);
});
afterEach(async () => server?.close());

/** Reads a stream's raw bytes (node:http, a connection of its own) until `until` holds for the text so far. */
function rawStart(path: string, headers: Record<string, string>, until: (text: string) => boolean) {
  return new Promise<{ status: number; headers: Record<string, unknown>; text: string }>((resolve, reject) => {
    const req = httpRequest(`${server.url}${path}`, { agent: false, headers }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => {
        text += chunk.toString();
        if (!until(text)) return;
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text });
        req.destroy();
      });
      res.on('error', () => {});
    });
    req.on('error', reject);
    req.end();
  });
}

const later = (version: number) => (e: SseEvent) => (JSON.parse(e.data) as { version: number }).version > version;

describe('wire format', () => {
  for (const [kind, withCookie] of [['queue', false], ['admin', true]] as const) {
    it(`/api/live/${kind}: text/event-stream, retry first, then a snapshot with the version as id`, async () => {
      const { status, headers, text } = await rawStart(`/api/live/${kind}`, withCookie ? { cookie } : {}, (t) => /\n\n[^]*\n\n/.test(t));
      expect(status).toBe(200);
      expect(headers['content-type']).toMatch(/^text\/event-stream/);
      expect(headers['cache-control']).toContain('no-cache');
      expect(text.startsWith('retry: ')).toBe(true);
      const [retry, frame] = text.split('\n\n');
      expect(retry).toMatch(/^retry: \d+$/);
      const lines = frame.split('\n');
      expect(lines).toHaveLength(3);
      expect(lines[1]).toBe(`event: ${kind}`);
      const data = JSON.parse(lines[2].replace(/^data: /, '')) as { version: number };
      expect(lines[0]).toBe(`id: ${data.version}`);
    });
  }
});

describe('snapshots', () => {
  let queue: SseReader;
  let admin: SseReader;
  beforeEach(async () => {
    queue = await openSse(`${server.url}/api/live/queue`);
    admin = await openSse(`${server.url}/api/live/admin`, { cookie });
  });
  afterEach(() => {
    queue?.close();
    admin?.close();
  });

  /**
   * Both receptions open with walk-in numbers 1..count; returns the first staff snapshot that shows all of
   * it (one on connect may predate the last change), so a test's own change is the next version after it.
   */
  async function openWithWalkIns(count: number): Promise<AdminData> {
    await staff('startInhouseReception');
    for (let i = 0; i < count; i++) await staff('allocateNextSlot', { reservedType: 'ADMIN' });
    await staff('startOnlineReception');
    const settled = await admin.next((e) => {
      const data = JSON.parse(e.data) as AdminData;
      return data.runtime.onlineOn && data.slots.length === count;
    });
    return JSON.parse(settled.data) as AdminData;
  }

  it('one on connect, and a newer one after each change, on both streams', async () => {
    const first = JSON.parse((await queue.next()).data) as QueueData;
    const firstAdmin = JSON.parse((await admin.next()).data) as AdminData;
    expect(first.version).toBe(firstAdmin.version);
    expect(first.runtime.inhouseOn).toBe(false);
    expect(first.queue).toEqual([]);

    let version = first.version;
    const changes: [string, unknown][] = [
      ['startInhouseReception', {}],
      ['allocateNextSlot', { reservedType: 'ADMIN' }],
      ['allocateNextSlot', { reservedType: 'ADMIN' }],
      ['startOnlineReception', {}],
    ];
    for (const [index, [name, data]] of changes.entries()) {
      await staff(name, data);
      const q = JSON.parse((await queue.next(later(version))).data) as QueueData;
      const a = JSON.parse((await admin.next(later(version))).data) as AdminData;
      expect(q.version).toBeGreaterThan(version);
      expect(a.version).toBe(q.version);
      version = q.version;
      expect(q.runtime.inhouseOn).toBe(true);
      expect(q.queue).toHaveLength(Math.min(index, 2));
      expect(a.slots).toHaveLength(Math.min(index, 2));
    }
  });

  it('the staff stream carries every slot field but the owner ids', async () => {
    const { version } = await openWithWalkIns(2);
    const taken = await staff<Taken>('allocateNextSlot', { reservedType: 'ADMIN' });
    const a = JSON.parse((await admin.next(later(version))).data) as AdminData;
    expect(a.slots).toHaveLength(3);
    expect(a.runtime).toEqual({ inhouseOn: true, onlineOn: true, currentWaitCount: 3 });
    for (const slot of a.slots) expect(Object.keys(slot).sort()).toEqual([...SLOT_FIELDS, 'sessionId'].sort());
    const row = a.slots.find((s) => s.id === taken.slotId)!;
    expect(row).toMatchObject({
      reservationNumber: taken.reservationNumber,
      isReserved: true,
      canceled: false,
      reservedType: 'ADMIN',
      hold: false,
      adminBeepAnnounced: false,
      ahead5SkippedReason: null,
    });
    expect(a.nextFreeNumber).toBe(4);
  });

  it('the public queue puts held rows last with ahead null (left out, decision 062), and drops started and deleted rows', async () => {
    const ids = (await openWithWalkIns(3)).slots.map((s) => s.id as string);
    expect(ids).toHaveLength(3);

    await staff('markSlot', { slotId: ids[0], action: 'hold' });
    let q = JSON.parse((await queue.next((e) => (JSON.parse(e.data) as QueueData).queue.some((r) => r.hold))).data) as QueueData;
    expect(q.queue).toEqual([
      { reservationNumber: 2, ahead: 0 },
      { reservationNumber: 3, ahead: 1 },
      { reservationNumber: 1, hold: true },
    ]);
    expect(q.runtime.currentWaitCount).toBe(2);

    await staff('markSlot', { slotId: ids[1], action: 'start' });
    await staff('markSlot', { slotId: ids[2], action: 'delete' });
    q = JSON.parse((await queue.next((e) => (JSON.parse(e.data) as QueueData).queue.length === 1)).data) as QueueData;
    expect(q.queue).toEqual([{ reservationNumber: 1, hold: true }]);
    expect(q.runtime.currentWaitCount).toBe(0);

    await staff('markSlot', { slotId: ids[0], action: 'undoHold' });
    q = JSON.parse((await queue.next((e) => (JSON.parse(e.data) as QueueData).queue.every((r) => !r.hold))).data) as QueueData;
    expect(q.queue).toEqual([{ reservationNumber: 1, ahead: 0 }]);
  });
});

describe('viewers leaving', () => {
  const connections = () =>
    new Promise<number>((resolve, reject) => server.app.server.getConnections((err, n) => (err ? reject(err) : resolve(n))));
  /** A viewer on a connection of its own (no pooling), open until its first snapshot; returns a closer. */
  function ownConnectionViewer(kind: 'queue' | 'admin') {
    return new Promise<() => void>((resolve, reject) => {
      const req = httpRequest(`${server.url}/api/live/${kind}`, { agent: false, headers: { cookie } }, (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => {
          text += chunk.toString();
          if (text.includes(`event: ${kind}`)) resolve(() => req.destroy());
        });
        res.on('error', () => {});
      });
      req.on('error', reject);
      req.end();
    });
  }
  async function until(check: () => Promise<boolean>, what: string) {
    for (let i = 0; i < 200; i++) {
      if (await check()) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`gave up waiting for ${what}`);
  }

  it('a closed viewer is dropped: its connection goes, and the others still get every change', async () => {
    await staff('startInhouseReception');
    const stay = await openSse(`${server.url}/api/live/queue`);
    const first = JSON.parse((await stay.next()).data) as QueueData;
    const baseline = await connections();
    const leaving: (() => void)[] = [];
    for (let i = 0; i < 10; i++) leaving.push(await ownConnectionViewer(i % 2 ? 'queue' : 'admin'));
    expect(await connections()).toBeGreaterThanOrEqual(baseline + 10);
    leaving.forEach((close) => close());
    await until(async () => (await connections()) <= baseline, 'the closed viewers to disconnect');

    await staff('allocateNextSlot', { reservedType: 'ADMIN' });
    const next = JSON.parse((await stay.next(later(first.version))).data) as QueueData;
    expect(next.queue.length).toBe(first.queue.length + 1);
    stay.close();
    const health = await fetch(`${server.url}/healthz`);
    expect(await health.json()).toEqual({ status: 'ok', store: 'sqlite' });
  });

  it('app.close() ends every open stream and returns', async () => {
    const own = await startTestServer();
    const ownCookie = await staffCookie(own.url, own.store);
    const readers = [
      await openSse(`${own.url}/api/live/queue`),
      await openSse(`${own.url}/api/live/queue`),
      await openSse(`${own.url}/api/live/admin`, { cookie: ownCookie }),
    ];
    await Promise.all(readers.map((r) => r.next()));
    let timer: NodeJS.Timeout | undefined;
    const generous = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('app.close() hung on open streams')), 20_000);
    });
    await Promise.race([own.close(), generous]);
    clearTimeout(timer);
    for (const reader of readers) await expect(reader.next(() => true, 20_000)).rejects.toThrow('stream ended');
  });
});
