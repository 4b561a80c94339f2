/**
 * After 不在 (moved 3 places), 不在 again (held) and the undo of the second, the first absence still stands,
 * and every screen says so alike (decision 059): the public row, the patient's card and the staff stream,
 * over real HTTP on both stores. Undoing the first too leaves no absence anywhere.
 */
import { expect, it } from 'vitest';
import { describeStores } from '../support/stores.js';
import { rows, useAbsenceWorld } from './absence-support.js';

describeStores('absence undo, as every screen shows it', (kind) => {
  const w = useAbsenceWorld(kind);

  it('describes the absence that stands after moved, held and one undo; none after both are undone', async () => {
    const a = await w.pwa(); // #1
    await w.walkIns(5);
    await w.absent(a.slotId, 0); // moved 3 places
    const first = await w.admin((s) => s.slots.some((x) => x.id === a.slotId && x.absences === 1));
    const firstAt = first.slots.find((x) => x.id === a.slotId)!.absentAt;
    expect(firstAt).toEqual(expect.any(String));
    await w.absent(a.slotId, 1); // held
    await w.publicQueue([2, 3, 4, 5, 6, 1]);
    expect((await w.undo(a.slotId, 2)).body).toEqual({ result: { ok: true, changed: true, absences: 1 } });

    expect(rows(await w.publicQueue([2, 3, 4, 1, 5, 6]))).toContain('1:3:absent');
    expect((await w.mine(a.token))?.absence).toEqual({ count: 1, at: firstAt, places: 3 });
    const staff = await w.admin((s) => s.slots.some((x) => x.id === a.slotId && x.absences === 1 && !x.hold));
    expect(staff.slots.find((x) => x.id === a.slotId)).toMatchObject({ absences: 1, absentAt: firstAt, absentPlaces: 3, hold: false, queuePosition: 4.5 });

    expect((await w.undo(a.slotId, 1)).body).toEqual({ result: { ok: true, changed: true, absences: 0 } });
    expect(rows(await w.publicQueue([1, 2, 3, 4, 5, 6]))[0]).toBe('1:0');
    expect((await w.mine(a.token))?.absence).toBeNull();
    const cleared = await w.admin((s) => s.slots.some((x) => x.id === a.slotId && x.absences === 0));
    expect(cleared.slots.find((x) => x.id === a.slotId)).toMatchObject({ absentAt: null, absentPlaces: null, queuePosition: 1 });
  });
});
