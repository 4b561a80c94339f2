/**
 * Staff set the clinic's queues (「受付項目」, decision 061): save one (new or changed), remove one, and the
 * clinic's two choices across queues. Each is one clinic-wide write: it takes the runtime row, which every
 * queue's writer shares, so no number is taken in any queue while the queues change, and the rule (rule.ts)
 * sees the counts it weighs as they commit. Audited with before and after; `settingsChanged` drops every
 * process's view of reception. Removing sets removed_at: the queue's numbers keep their history.
 */
import { randomBytes } from 'node:crypto';
import type { QueueChange, QueueChoices } from '../../../shared/schemas/queues.js';
import type { Store } from '../../storage/port.js';
import { type Actor, writeAudit } from '../audit.js';
import { readScheduleAt } from '../schedule/document.js';
import { liveQueueRows, queueChoices, queueInfo, sessionCounts, toLiveQueue } from './read.js';
import { decideRemove, decideSave } from './rule.js';

/** A new queue's id: short, random, never `main`. */
const newQueueId = () => `q${randomBytes(5).toString('hex')}`;

export async function saveQueue({ store, change, actor }: { store: Store; change: QueueChange; actor?: Actor }) {
  return store.write(async ({ tx, emit, runtime, now }) => {
    const rows = await liveQueueRows(tx);
    const n = (await readScheduleAt(tx, store, runtime.schedule_version)).schedule.settings.numbersPerSession;
    const { taken } = change.id === undefined ? { taken: 0 } : await sessionCounts(tx, runtime, change.id);
    const plan = decideSave(rows.map(toLiveQueue), change, n, taken, newQueueId());
    const values = {
      name_ja: change.nameJa,
      name_en: change.nameEn,
      description_ja: change.descriptionJa || null,
      description_en: change.descriptionEn || null,
      first_number: change.firstNumber,
      online: change.online ? 1 : 0,
      online_cap: change.onlineCap,
      keep_every: change.keepEvery,
      family_max: change.familyMax,
      hours: change.hours === null ? null : JSON.stringify(change.hours),
    };
    const before = rows.find((r) => r.id === plan.id);
    if (plan.created) {
      await tx.insertInto('queues').values({ id: plan.id, position: plan.position, version: 0, created_at: now, removed_at: null, ...values }).execute();
    } else {
      await tx.updateTable('queues').set(values).where('id', '=', plan.id).execute();
    }
    const after = await tx.selectFrom('queues').selectAll().where('id', '=', plan.id).executeTakeFirstOrThrow();
    emit({ type: 'settingsChanged' });
    await writeAudit(tx, actor, { action: 'saveQueue', target: plan.id, before: before ? queueInfo(before) : null, after: queueInfo(after) }, now);
    return { ok: true as const, id: plan.id };
  });
}

export async function removeQueue({ store, id, actor }: { store: Store; id: string; actor?: Actor }) {
  return store.write(async ({ tx, emit, runtime, now }) => {
    const rows = await liveQueueRows(tx);
    const { waiting } = await sessionCounts(tx, runtime, id);
    decideRemove(rows.map(toLiveQueue), id, waiting);
    await tx.updateTable('queues').set({ removed_at: now }).where('id', '=', id).execute();
    emit({ type: 'settingsChanged' });
    const before = rows.find((r) => r.id === id);
    await writeAudit(tx, actor, { action: 'removeQueue', target: id, before: before ? queueInfo(before) : null, after: { removedAt: now } }, now);
    return { ok: true as const };
  });
}

/** No rule: the payload's schema is the rule (two booleans). */
export async function saveQueueChoices({ store, choices, actor }: { store: Store; choices: QueueChoices; actor?: Actor }) {
  return store.write(async ({ tx, emit, runtime, now }) => {
    const before = queueChoices(runtime);
    await tx
      .updateTable('runtime')
      .set({ queue_any: choices.anyQueue ? 1 : 0, number_per_queue: choices.numberPerQueue ? 1 : 0 })
      .where('id', '=', 1)
      .execute();
    emit({ type: 'settingsChanged' });
    await writeAudit(tx, actor, { action: 'saveQueueChoices', before, after: choices }, now);
    return { ok: true as const };
  });
}
