/**
 * 不在 (absent when called, issue 34; docs/decisions/047) over real HTTP on both stores: a waiting number
 * moves back N places, to the end, or is held after K absences; undo puts it back. Everyone's `ahead`
 * follows queue order on the public stream and in getMyReservation; the staff stream carries the place
 * and the settings; each absence is audited and writes exactly one notice.
 */
import { expect, it } from 'vitest';
import { mustCall } from '../support/client.js';
import { describeStores } from '../support/stores.js';
import { expectRefusal } from './api-support.js';
import { type AbsentAnswer, rows, useAbsenceWorld } from './absence-support.js';

const result = <T>(answer: { body: unknown }) => (answer.body as { result: T }).result;

describeStores('absent when called', (kind) => {
  const w = useAbsenceWorld(kind);

  it('moves a waiting patient back 3 places; every ahead follows, on the public stream and in getMyReservation', async () => {
    const a = await w.pwa(); // #1
    const c = await w.pwa(); // #2
    await w.walkIns(4); // #3–#6
    const b = await w.pwa(); // #7
    const answer = await w.absent(a.slotId, 0);
    expect(answer.body).toEqual({ result: { ok: true, changed: true, outcome: 'moved', absences: 1, places: 3 } });

    const queue = await w.publicQueue([2, 3, 4, 1, 5, 6, 7]);
    expect(rows(queue)).toEqual(['2:0', '3:1', '4:2', '1:3:absent', '5:4', '6:5', '7:6']);
    // Sent only when true (decision 062): a row without it reads as not absent.
    expect(queue.map((r) => ('absent' in r ? r.absent : 'left out'))).toEqual(['left out', 'left out', 'left out', true, 'left out', 'left out', 'left out']);
    expect(await w.mine(a.token)).toMatchObject({ reservationNumber: 1, ahead: 3, hold: false, absence: { count: 1, at: expect.any(String), places: 3 }, arrivedAt: null });
    expect(await w.mine(c.token)).toMatchObject({ reservationNumber: 2, ahead: 0, absence: null, arrivedAt: null });
    expect(await w.mine(b.token)).toMatchObject({ reservationNumber: 7, ahead: 6, absence: null });

    // Staff see the place (between #4 and #5), the count and the settings; the slots stay in number order.
    const admin = await w.admin((s) => s.slots.some((x) => x.id === a.slotId && x.absences === 1));
    expect(admin.slots.find((x) => x.id === a.slotId)).toMatchObject({ queuePosition: 4.5, absences: 1, absentPlaces: 3, absentAt: expect.any(String) });
    expect(admin.slots.map((x) => x.reservationNumber)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(admin.arrivalSettings).toEqual({ absencePlaces: 3, absenceHoldAfter: 2, absentFirstUnarrived: false });

    expect(await w.absenceNotices()).toEqual([{ slot_id: a.slotId, body: '{"outcome":"moved","places":3}' }]);
    // No push subscription: recorded as not delivered, and staff see which notice it was.
    const status = await mustCall<{ failures: { reservationNumber: number; kind: string }[] }>(w.server.url, 'getMessagingStatus', {}, { cookie: w.cookie });
    expect(status.failures).toContainEqual(expect.objectContaining({ reservationNumber: 1, kind: 'absence', channel: 'PWA' }));
    const audit = await w.auditActions('markAbsent');
    expect(audit).toEqual([
      {
        at: expect.any(String),
        username: expect.stringMatching(/^staff-/),
        action: 'markAbsent',
        target: `#1 ${a.slotId}`,
        before: { absences: 0, absent_at: null, absent_from_position: null, absent_places: null, queue_position: 1 },
        after: expect.objectContaining({ outcome: 'moved', places: 3, absences: 1, queue_position: 4.5, absent_places: 3 }),
      },
    ]);
  });

  it('goes to the end when the queue behind is short, or when the clinic chose "to the end"; a newcomer queues behind', async () => {
    const taken = await w.walkIns(7);
    const five = await w.absent(taken[4].slotId, 0); // #5: only #6 and #7 behind
    expect(result<AbsentAnswer>(five)).toMatchObject({ outcome: 'moved', places: 2 });
    await w.publicQueue([1, 2, 3, 4, 6, 7, 5]);
    const patient = await w.pwa(); // #8 takes a number after the move: behind #5
    expect(patient.reservationNumber).toBe(8);
    expect(rows(await w.publicQueue([1, 2, 3, 4, 6, 7, 5, 8]))).toEqual(['1:0', '2:1', '3:2', '4:3', '6:4', '7:5', '5:6:absent', '8:7']);
    expect(await w.mine(patient.token)).toMatchObject({ ahead: 7 });

    await w.settings(0, 5);
    expect(result<AbsentAnswer>(await w.absent(taken[0].slotId, 0))).toMatchObject({ outcome: 'moved', places: 7 });
    await w.publicQueue([2, 3, 4, 6, 7, 5, 8, 1]);
    expect(await w.mine(patient.token)).toMatchObject({ ahead: 6 });
    // The last one waiting is called and absent: nowhere to move, the absence still counts.
    expect(result<AbsentAnswer>(await w.absent(taken[0].slotId, 1))).toMatchObject({ changed: true, outcome: 'moved', places: 0, absences: 2 });
    const admin = await w.admin((s) => s.slots.some((x) => x.id === taken[0].slotId && x.absences === 2));
    expect(admin.slots.find((x) => x.id === taken[0].slotId)).toMatchObject({ absentPlaces: 0 });
    const numbers = await w.walkIns(1);
    expect(rows(await w.publicQueue([2, 3, 4, 6, 7, 5, 8, 1, numbers[0].reservationNumber])).at(-2)).toBe('1:7:absent');
  });

  it('holds the patient at the K-th absence instead of moving them; the notice says so', async () => {
    const a = await w.pwa();
    await w.walkIns(5);
    await w.absent(a.slotId, 0);
    await w.publicQueue([2, 3, 4, 1, 5, 6]);
    expect((await w.absent(a.slotId, 1)).body).toEqual({ result: { ok: true, changed: true, outcome: 'held', absences: 2, places: null } });
    expect(rows(await w.publicQueue([2, 3, 4, 5, 6, 1]))).toEqual(['2:0', '3:1', '4:2', '5:3', '6:4', '1:-:held:absent']);
    expect(await w.mine(a.token)).toMatchObject({ ahead: null, hold: true, absence: { count: 2, places: null } });
    expect(await w.slotRow(a.slotId)).toMatchObject({ hold: 1, hold_at: expect.any(String), absences: 2, queue_position: 4.5 });
    const bodies = (await w.absenceNotices(a.slotId)).map((n) => n.body).sort();
    expect(bodies).toEqual(['{"outcome":"held","places":null}', '{"outcome":"moved","places":3}']);
    // Held is not waiting: a third press is refused.
    expectRefusal(await w.absent(a.slotId, 2), 'FAILED_PRECONDITION', 'この受付番号の状態では');
  });

  it('undo puts the patient back, absence by absence; from a hold it un-holds them; an undo sends nothing', async () => {
    const a = await w.pwa();
    await w.walkIns(5);
    await w.absent(a.slotId, 0);
    await w.absent(a.slotId, 1); // held
    await w.publicQueue([2, 3, 4, 5, 6, 1]);
    expect((await w.undo(a.slotId, 2)).body).toEqual({ result: { ok: true, changed: true, absences: 1 } });
    // Un-held, in the place the first absence gave it.
    expect(rows(await w.publicQueue([2, 3, 4, 1, 5, 6]))).toEqual(['2:0', '3:1', '4:2', '1:3:absent', '5:4', '6:5']);
    // The first absence stands again, and can be undone in turn (decision 059).
    expect(await w.mine(a.token)).toMatchObject({ ahead: 3, hold: false, absence: { count: 1, places: 3 } });
    expect((await w.undo(a.slotId, 1)).body).toEqual({ result: { ok: true, changed: true, absences: 0 } });
    await w.publicQueue([1, 2, 3, 4, 5, 6]);
    // Nothing left to undo: the desk's count (1) is no longer the row's (0), so nothing changes.
    expect((await w.undo(a.slotId, 1)).body).toEqual({ result: { ok: true, changed: false, absences: 0 } });
    await w.absent(a.slotId, 0);
    await w.publicQueue([2, 3, 4, 1, 5, 6]);
    // A fresh absence after that is undone back to where the one before it put the patient.
    await w.settings(3, 5);
    await w.absent(a.slotId, 1);
    await w.publicQueue([2, 3, 4, 5, 6, 1]);
    expect((await w.undo(a.slotId, 2)).body).toEqual({ result: { ok: true, changed: true, absences: 1 } });
    await w.publicQueue([2, 3, 4, 1, 5, 6]);
    expect((await w.undo(a.slotId, 2)).body).toEqual({ result: { ok: true, changed: false, absences: 1 } }); // a second desk's undo
    // One notice per absence, none for an undo (no push subscription here: each was recorded as not
    // delivered at once, which an undo leaves as history; a queued one is withdrawn, absence-undo.contract).
    expect(await w.absenceNotices(a.slotId)).toHaveLength(4);
    expect((await w.auditActions('undoAbsent')).map((e) => e.target)).toEqual([`#1 ${a.slotId}`, `#1 ${a.slotId}`, `#1 ${a.slotId}`]);
  });
});
