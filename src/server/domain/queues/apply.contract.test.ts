/**
 * The clinic's queues over each real store: a save, a removal and the choices are one clinic-wide write each
 * (one runtime bump, settingsChanged, the audit line with before and after); a refusal (rule.ts) changes
 * nothing. The allocation settings of a queue are saved on its row.
 */
import { expect, it } from 'vitest';
import { describeStores } from '../../../../test/support/stores.js';
import { auditLines, watchWrites } from '../../../../test/support/writes.js';
import { outcomeWithKey as outcome, runtimeRow, takeSlot, useTestStore } from '../../../../test/support/domain-store.js';
import type { QueueChange } from '../../../shared/schemas/queues.js';
import { saveAllocationSettings } from '../allocation/settings.js';
import { saveScheduleSettings } from '../schedule/edit/apply.js';
import { DEFAULT_SCHEDULE } from '../../../shared/schedule/types.js';
import { loadQueueState } from '../queue-state.js';
import { removeQueue, saveQueue, saveQueueChoices } from './apply.js';
import { listQueues } from './read.js';

const desk = { id: null, username: 'desk' };
const vaccination: QueueChange = {
  nameJa: '予防接種', nameEn: 'Vaccination', descriptionJa: '火・木の午後', firstNumber: 501, online: true, onlineCap: 30, keepEvery: 0, familyMax: 2,
  hours: [{ days: [2, 4], from: '14:00', to: '16:00' }],
};

describeStores('the clinic queues', (kind) => {
  const t = useTestStore(kind, { reception: true });
  const queueRows = () => t.store.db.selectFrom('queues').selectAll().orderBy('position').execute();

  it('adds a queue after the first, in one audited write', async () => {
    const seen = await watchWrites(t.store);
    const { id } = await saveQueue({ store: t.store, change: vaccination, actor: desk });
    expect(id).toBe('q2');
    expect(await seen()).toEqual({ bumps: 1, notices: [[{ type: 'settingsChanged' }]] });
    expect(await listQueues(t.store.db)).toEqual([
      { id: 'main', nameJa: '一般', nameEn: 'General', firstNumber: 1, online: true, onlineCap: 0, keepEvery: 0, familyMax: 1, hours: null },
      { id, nameJa: '予防接種', nameEn: 'Vaccination', descriptionJa: '火・木の午後', firstNumber: 501, online: true, onlineCap: 30, keepEvery: 0, familyMax: 2, hours: vaccination.hours },
    ]);
    expect(await auditLines(t.store)).toEqual([{ username: 'desk', action: 'saveQueue', target: id }]);
  });

  it('changes a queue in place, keeping its id and place; before and after in the audit trail', async () => {
    const { id } = await saveQueue({ store: t.store, change: vaccination });
    await saveQueue({ store: t.store, change: { ...vaccination, id, nameJa: 'ワクチン', online: false, hours: null, descriptionJa: '' }, actor: desk });
    const [, changed] = await listQueues(t.store.db);
    expect(changed).toMatchObject({ id, nameJa: 'ワクチン', online: false, hours: null });
    expect(changed).not.toHaveProperty('descriptionJa');
    const audit = await t.store.db.selectFrom('audit_log').select(['before', 'after']).executeTakeFirstOrThrow();
    expect(JSON.parse(audit.before!)).toMatchObject({ nameJa: '予防接種', online: true });
    expect(JSON.parse(audit.after!)).toMatchObject({ nameJa: 'ワクチン', online: false });
  });

  it('refuses an overlapping range or a name in use, and changes nothing', async () => {
    const before = await queueRows();
    const seen = await watchWrites(t.store);
    // The calendar's default is 200 numbers a session: main is 1–200.
    expect(await outcome(saveQueue({ store: t.store, change: { ...vaccination, firstNumber: 150 }, actor: desk }))).toBe('INVALID_ARGUMENT queues.error.overlap');
    expect(await outcome(saveQueue({ store: t.store, change: { ...vaccination, nameJa: '一般' }, actor: desk }))).toBe('ALREADY_EXISTS queues.error.duplicateName');
    expect(await seen()).toEqual({ bumps: 0, notices: [] });
    expect(await queueRows()).toEqual(before);
    expect(await auditLines(t.store)).toEqual([]);
  });

  it('removes a queue by marking it; its row stays for its numbers history', async () => {
    const { id } = await saveQueue({ store: t.store, change: vaccination });
    const seen = await watchWrites(t.store);
    expect(await removeQueue({ store: t.store, id, actor: desk })).toEqual({ ok: true });
    expect(await seen()).toEqual({ bumps: 1, notices: [[{ type: 'settingsChanged' }]] });
    expect((await listQueues(t.store.db)).map((q) => q.id)).toEqual(['main']);
    expect((await queueRows()).find((q) => q.id === id)?.removed_at).not.toBeNull();
    expect(await outcome(removeQueue({ store: t.store, id, actor: desk }))).toBe('NOT_FOUND error.unknownQueue');
    // Its name is free again, its id never (decision 076): a link that named it does not lead to the new one.
    expect(await saveQueue({ store: t.store, change: vaccination })).toEqual({ ok: true, id: 'q3' });
  });

  it('refuses to remove the first queue, or one with patients waiting in the open session', async () => {
    const { id } = await saveQueue({ store: t.store, change: vaccination });
    const slot = await takeSlot(t.store, 'PWA_a');
    // Until allocation takes a queue (decision 061), the number is put in the queue by hand.
    await t.store.db.updateTable('reservation_slots').set({ queue_id: id }).where('id', '=', slot.slotId).execute();
    const seen = await watchWrites(t.store);
    expect(await outcome(removeQueue({ store: t.store, id: 'main', actor: desk }))).toBe('FAILED_PRECONDITION queues.error.removeFirst');
    expect(await outcome(removeQueue({ store: t.store, id, actor: desk }))).toBe('FAILED_PRECONDITION queues.error.waiting');
    expect(await outcome(saveQueue({ store: t.store, change: { ...vaccination, id, firstNumber: 801 }, actor: desk }))).toBe('FAILED_PRECONDITION queues.error.rangeInUse');
    expect(await seen()).toEqual({ bumps: 0, notices: [] });
    expect(await auditLines(t.store)).toEqual([]);
  });

  it('saves the clinic choices across queues on the runtime row', async () => {
    const seen = await watchWrites(t.store);
    await saveQueueChoices({ store: t.store, choices: { anyQueue: true, numberPerQueue: true }, actor: desk });
    expect(await runtimeRow(t.store)).toMatchObject({ queue_any: 1, number_per_queue: 1 });
    expect(await seen()).toEqual({ bumps: 1, notices: [[{ type: 'settingsChanged' }]] });
    expect(await auditLines(t.store)).toEqual([{ username: 'desk', action: 'saveQueueChoices', target: null }]);
  });

  it('saves a queue allocation settings on its row (the first queue without queueId), the cancel limit on the runtime row', async () => {
    const { id } = await saveQueue({ store: t.store, change: vaccination });
    await saveAllocationSettings({ store: t.store, settings: { keepEvery: 3, onlineCap: 50, familyMax: 4, cancelLimit: 2 } });
    await saveAllocationSettings({ store: t.store, settings: { keepEvery: 5, onlineCap: 10, queueId: id } });
    const rows = await queueRows();
    expect(rows.map((r) => [r.id, r.keep_every, r.online_cap, r.family_max])).toEqual([['main', 3, 50, 4], [id, 5, 10, 2]]);
    // The runtime row keeps only the cancel limit (decision 061): its old copies of the rest stay as migrated.
    expect(await runtimeRow(t.store)).toMatchObject({ cancel_limit: 2, keep_every: 0, online_cap: 0, family_max: 1 });
    expect((await loadQueueState(t.store)).allocationSettings).toEqual({ keepEvery: 3, onlineCap: 50, familyMax: 4, cancelLimit: 2 });
    expect(await outcome(saveAllocationSettings({ store: t.store, settings: { keepEvery: 0, onlineCap: 0, queueId: 'gone' } }))).toBe('NOT_FOUND error.unknownQueue');
  });

  it('refuses more numbers a session when two queues would then share a number, and takes as many as fit', async () => {
    await saveQueue({ store: t.store, change: vaccination });
    const per = (numbersPerSession: number) => saveScheduleSettings({ store: t.store, settings: { ...DEFAULT_SCHEDULE.settings, numbersPerSession }, actor: desk });
    const seen = await watchWrites(t.store);
    expect(await outcome(per(501))).toBe('INVALID_ARGUMENT queues.error.sessionTooLarge');
    expect(await seen()).toEqual({ bumps: 0, notices: [] });
    expect(await per(500)).toEqual({ ok: true });
  });
});
