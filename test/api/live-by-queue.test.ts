/**
 * The public stream of a clinic with several queues over real HTTP (decision 076): the one list every client
 * has read since decision 061, unchanged, and `?rows=byQueue`, each queue's rows in its `queues` entry, after
 * every change as on connect. A `rows` other than `byQueue` is refused before the stream starts.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mustCall, staffCookie } from '../support/client.js';
import { openSse, type SseReader } from '../support/sse.js';
import { startTestServer, type TestServer } from '../support/server.js';

type Row = { reservationNumber: number; ahead?: number; hold?: true; queueId?: string };
interface Frame {
  version: number;
  queue?: Row[];
  queues?: { id: string; nameJa: string; waiting: number; rows?: Row[] }[];
}

let server: TestServer;
let cookie: string;
const readers: SseReader[] = [];
const staff = <T>(name: string, data: unknown = {}) => mustCall<T>(server.url, name, data, { cookie });
const queueOf = (nameJa: string, firstNumber: number) => ({ nameJa, nameEn: nameJa === '予防接種' ? 'Vaccination' : 'Fever', firstNumber, online: true, onlineCap: 0, keepEvery: 0, familyMax: 1, hours: null });

beforeEach(async () => {
  server = await startTestServer();
  cookie = await staffCookie(server.url, server.store);
});
afterEach(async () => {
  readers.splice(0).forEach((r) => r.close());
  await server?.close();
});

async function open(path: string) {
  const reader = await openSse(`${server.url}${path}`);
  readers.push(reader);
  return reader;
}

/** The first frame at or after `version` (one on connect may predate the last change). */
async function frameFrom(reader: SseReader, version: number): Promise<Frame> {
  return JSON.parse((await reader.next((e) => (JSON.parse(e.data) as Frame).version >= version)).data) as Frame;
}

describe('the public stream by queue', () => {
  it('gives new queues short ids; the one list names them on each row, by queue each entry holds its rows', async () => {
    const vaccination = await staff<{ id: string }>('saveQueue', queueOf('予防接種', 501));
    const fever = await staff<{ id: string }>('saveQueue', queueOf('発熱外来', 1001));
    expect([vaccination.id, fever.id]).toEqual(['q2', 'q3']);
    await staff('startInhouseReception');
    const taken: { slotId: string }[] = [];
    for (const queueId of [undefined, 'q2', 'q2', undefined, 'q3']) taken.push(await staff('allocateNextSlot', { reservedType: 'ADMIN', ...(queueId ? { queueId } : {}) }));
    const admin = await openSse(`${server.url}/api/live/admin`, { cookie });
    readers.push(admin);
    // The first version with all five numbers: a frame on connect may predate the last take.
    const { version } = JSON.parse((await admin.next((e) => (JSON.parse(e.data) as { slots: unknown[] }).slots.length === 5)).data) as Frame;

    const list = await open('/api/live/queue');
    const byQueue = await open('/api/live/queue?rows=byQueue');
    const one = await frameFrom(list, version);
    expect(one.queue).toEqual([
      { reservationNumber: 1, ahead: 0 },
      { reservationNumber: 2, ahead: 1 },
      { reservationNumber: 501, ahead: 0, queueId: 'q2' },
      { reservationNumber: 502, ahead: 1, queueId: 'q2' },
      { reservationNumber: 1001, ahead: 0, queueId: 'q3' },
    ]);
    const grouped = await frameFrom(byQueue, version);
    expect(grouped).not.toHaveProperty('queue');
    expect(grouped.queues?.map((q) => [q.id, q.waiting, q.rows])).toEqual([
      ['main', 2, [{ reservationNumber: 1, ahead: 0 }, { reservationNumber: 2, ahead: 1 }]],
      ['q2', 2, [{ reservationNumber: 501, ahead: 0 }, { reservationNumber: 502, ahead: 1 }]],
      ['q3', 1, [{ reservationNumber: 1001, ahead: 0 }]],
    ]);
    expect(one.queues?.map(({ id, waiting }) => [id, waiting])).toEqual(grouped.queues?.map(({ id, waiting }) => [id, waiting]));

    // A change: both viewers get it, each in its own shape.
    await staff('markSlot', { slotId: taken[1].slotId, action: 'hold' });
    const heldList = await frameFrom(list, version + 1);
    expect(heldList.queue?.at(-1)).toEqual({ reservationNumber: 501, hold: true, queueId: 'q2' });
    const heldByQueue = await frameFrom(byQueue, heldList.version);
    expect(heldByQueue.version).toBe(heldList.version);
    expect(heldByQueue.queues?.[1].rows).toEqual([{ reservationNumber: 502, ahead: 0 }, { reservationNumber: 501, hold: true }]);
  });

  it('is the one list for a clinic with one queue', async () => {
    await staff('startInhouseReception');
    await staff('allocateNextSlot', { reservedType: 'ADMIN' });
    const list = await open('/api/live/queue');
    const byQueue = await open('/api/live/queue?rows=byQueue');
    const a = await frameFrom(list, 0);
    const b = await frameFrom(byQueue, a.version);
    expect(b).toEqual(a);
    expect(b.queue).toEqual([{ reservationNumber: 1, ahead: 0 }]);
  });

  it('refuses another `rows` before the stream starts, in the catalogue\'s shape', async () => {
    const res = await fetch(`${server.url}/api/live/queue?rows=grouped`);
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toMatchObject({ error: { status: 'INVALID_ARGUMENT' } });
  });
});
