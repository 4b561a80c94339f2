/**
 * The estimated wait and now-calling on the public stream (issue 14): carried by the queue snapshot,
 * updated live when staff start a consultation or take a start back, on both stores.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { QueueSnapshot } from '../../src/shared/schemas/live.js';
import { mustCall, staffCookie } from '../support/client.js';
import { seedHistory } from '../support/estimate-history.js';
import { openSse, type SseReader } from '../support/sse.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { describeStores, openTestStore, type TestStore } from '../support/stores.js';

type Taken = { slotId: string; reservationNumber: number };

describeStores('estimated wait and now calling on the queue stream', (kind) => {
  let testStore: TestStore;
  let server: TestServer;
  let cookie: string;
  let queue: SseReader;
  let last: QueueSnapshot | null = null;
  const staff = <T>(name: string, data: unknown = {}) => mustCall<T>(server.url, name, data, { cookie });
  const snapshot = async (match: (s: QueueSnapshot) => boolean) =>
    JSON.parse((await queue.next((e) => match(JSON.parse(e.data) as QueueSnapshot))).data) as QueueSnapshot;

  beforeAll(async () => {
    testStore = await openTestStore(kind);
    server = await startTestServer({ store: testStore.store });
    cookie = await staffCookie(server.url, server.store);
    queue = await openSse(`${server.url}/api/live/queue`);
  });
  afterAll(async () => {
    queue?.close();
    await server?.close();
    await testStore?.cleanup();
  });

  it('says nothing before any history or pace, and nobody is being seen', async () => {
    const first = await snapshot(() => true);
    expect(first.estimate).toBeNull();
    expect(first.nowCalling).toBeNull();
    await staff('startInhouseReception');
    const open = await snapshot((s) => s.runtime.inhouseOn);
    expect(open.estimate).toBeNull();
    expect(open.nowCalling).toBeNull();
    await staff('endInhouseReception');
    await snapshot((s) => !s.runtime.inhouseOn);
  });

  it('a session that opens with history shows its pace at once, then follows the starts live', async () => {
    // The history is read when a session opens: the session above had none, this one finds four weeks.
    await seedHistory(server.store, { weeks: 4, gapMinutes: 5 });
    await staff('startInhouseReception');
    let s = await snapshot((x) => x.runtime.inhouseOn && x.estimate != null);
    expect(s.estimate).toMatchObject({ minutesPerPerson: 5, basis: 'history', lastStartAt: null });
    expect(s.nowCalling).toBeNull();

    const taken: Taken[] = [];
    for (let i = 0; i < 3; i++) taken.push(await staff<Taken>('allocateNextSlot', { reservedType: 'ADMIN' }));
    await staff('markSlot', { slotId: taken[0]!.slotId, action: 'start' });
    s = await snapshot((x) => x.nowCalling === taken[0]!.reservationNumber);
    expect(s.estimate?.lastStartAt).toEqual(expect.any(String));
    expect(s.queue.map((r) => r.ahead)).toEqual([0, 1]);

    await staff('markSlot', { slotId: taken[1]!.slotId, action: 'start' });
    s = await snapshot((x) => x.nowCalling === taken[1]!.reservationNumber);
    // One interval today (seconds long) barely moves twelve intervals' worth of history.
    expect(s.estimate?.basis).toBe('blend');
    expect(s.estimate!.minutesPerPerson).toBeGreaterThan(4);

    // Taking the start back moves now-calling back to the one before.
    await staff('markSlot', { slotId: taken[1]!.slotId, action: 'undoStart' });
    s = await snapshot((x) => x.nowCalling === taken[0]!.reservationNumber);
    expect(s.estimate?.basis).toBe('history');
    last = s;
  });

  it('stays small: the estimate adds well under 200 bytes to the snapshot', async () => {
    const s = last!;
    expect(s.estimate).not.toBeNull();
    expect(JSON.stringify({ estimate: s.estimate, nowCalling: s.nowCalling }).length).toBeLessThan(200);
  });
});
