/**
 * The monitor's call-out on the public stream (issue 15): start, recall and the staff 呼出 each add one
 * call-out (ids growing by one, numbers only), 呼出 starts nothing, and the settings travel with it; audited.
 */
import { expect, it } from 'vitest';
import { callFn as call } from '../support/client.js';
import { useQueueStream } from '../support/queue-stream.js';
import { describeStores } from '../support/stores.js';
import { adminSnapshot, type AdminData, expectRefusal } from './api-support.js';

type Taken = { slotId: string; reservationNumber: number };

describeStores('call-outs on the queue stream', (kind) => {
  // Read stream.server and stream.cookie inside tests: they exist once the set-up has run.
  const stream = useQueueStream(kind);
  const { staff, snapshot } = stream;

  it('starts with no call-outs and the default settings', async () => {
    const first = await snapshot(() => true);
    expect(first.callouts).toEqual([]);
    expect(first.calloutSettings).toEqual({ on: true, volume: 80, text: '受付番号 {n}番の方、診察室へお入りください' });
  });

  it('a start and a 呼出 each add a call-out; 呼出 leaves the row waiting; repeats of start add nothing', async () => {
    await staff('startInhouseReception');
    const taken: Taken[] = [];
    for (let i = 0; i < 3; i++) taken.push(await staff<Taken>('allocateNextSlot', { reservedType: 'ADMIN' }));
    await staff('markSlot', { slotId: taken[0]!.slotId, action: 'start' });
    await staff('markSlot', { slotId: taken[0]!.slotId, action: 'start' });
    const called = await staff<{ ok: true; calloutId: number }>('callSlot', { slotId: taken[2]!.slotId });
    expect(called.calloutId).toBe(2);
    const s = await snapshot((x) => (x.callouts?.length ?? 0) === 2);
    expect(s.callouts!.map(({ id, number, kind }) => ({ id, number, kind }))).toEqual([
      { id: 1, number: 1, kind: 'start' },
      { id: 2, number: 3, kind: 'call' },
    ]);
    // Public data only: no slot id, no owner.
    expect(Object.keys(s.callouts![0]!).sort()).toEqual(['at', 'id', 'kind', 'number']);
    const admin = await adminSnapshot<AdminData>(stream.server.url, stream.cookie);
    expect(admin.slots.find((x) => x.id === taken[2]!.slotId)).toMatchObject({ isReceptionAccepted: false, canceled: false });
    expect(s.queue.map((q) => q.reservationNumber)).toEqual([2, 3]);
  });

  it('keeps only the last five, ids still growing', async () => {
    const { slots } = await adminSnapshot<AdminData>(stream.server.url, stream.cookie);
    const waiting = slots.find((x) => x.reservationNumber === 2)!;
    for (let i = 0; i < 5; i++) await staff('callSlot', { slotId: waiting.id });
    const s = await snapshot((x) => x.callouts?.at(-1)?.id === 7);
    expect(s.callouts!.map((c) => c.id)).toEqual([3, 4, 5, 6, 7]);
  });

  it('refuses 呼出 for a deleted row and a missing one, adding nothing', async () => {
    const { slots } = await adminSnapshot<AdminData>(stream.server.url, stream.cookie);
    const two = slots.find((x) => x.reservationNumber === 2)!;
    await staff('markSlot', { slotId: two.id, action: 'delete' });
    expectRefusal(await call(stream.server.url, 'callSlot', { slotId: two.id }, { cookie: stream.cookie }), 'NOT_FOUND');
    expectRefusal(await call(stream.server.url, 'callSlot', { slotId: 'nope' }, { cookie: stream.cookie }), 'NOT_FOUND');
    const s = await snapshot(() => true);
    expect(s.callouts!.at(-1)!.id).toBe(7);
  });

  it('saves the settings (audited), refuses wording without {n} or a volume over 100, and sends them on the snapshot', async () => {
    expectRefusal(await call(stream.server.url, 'setCalloutSettings', { on: true, volume: 80, text: '診察室へどうぞ' }, { cookie: stream.cookie }), 'INVALID_ARGUMENT');
    expectRefusal(await call(stream.server.url, 'setCalloutSettings', { on: true, volume: 101, text: '{n}番' }, { cookie: stream.cookie }), 'INVALID_ARGUMENT');
    await staff('setCalloutSettings', { on: false, volume: 30, text: '{n}番の方どうぞ' });
    const s = await snapshot((x) => x.calloutSettings?.on === false);
    expect(s.calloutSettings).toEqual({ on: false, volume: 30, text: '{n}番の方どうぞ' });
    const status = await staff<{ callout: unknown }>('getMessagingStatus');
    expect(status.callout).toEqual({ on: false, volume: 30, text: '{n}番の方どうぞ' });
    const { entries } = await staff<{ entries: { action: string; target: string | null; after: unknown }[] }>('getAuditLog', { limit: 20 });
    expect(entries.map((e) => e.action)).toEqual(expect.arrayContaining(['callSlot', 'setCalloutSettings', 'markSlot.start']));
    expect(entries.find((e) => e.action === 'setCalloutSettings')!.after).toEqual({ on: false, volume: 30, text: '{n}番の方どうぞ' });
  });
});
