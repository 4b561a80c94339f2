/**
 * The estimated wait and now-calling on the public stream (issue 14): carried by the queue snapshot,
 * updated live when staff start a consultation or take a start back, on both stores.
 */
import { expect, it } from 'vitest';
import type { QueueSnapshot } from '../../src/shared/schemas/live.js';
import { seedHistory } from '../support/estimate-history.js';
import { useQueueStream } from '../support/queue-stream.js';
import { describeStores } from '../support/stores.js';

type Taken = { slotId: string; reservationNumber: number };

describeStores('estimated wait and now calling on the queue stream', (kind) => {
  // Read stream.server and stream.cookie inside tests: they exist once the set-up has run.
  const stream = useQueueStream(kind);
  const { staff, snapshot } = stream;
  let last: QueueSnapshot | null = null;

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
    await seedHistory(stream.server.store, { weeks: 4, gapMinutes: 5 });
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
