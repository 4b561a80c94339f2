/**
 * Staff set the clinic's queues (「受付項目」, decision 061): save one (new or changed), remove one, and the
 * clinic's two choices across queues. Each is one clinic-wide write: it takes the runtime row, which every
 * queue's writer shares, so no number is taken in any queue while the queues change, and the rule (rule.ts)
 * sees the counts it weighs as they commit. Audited with before and after; `settingsChanged` drops every
 * process's view of reception. Removing sets removed_at: the queue's numbers keep their history.
 */
import { randomUUID } from 'node:crypto';
import type { QueueChange, QueueChoices } from '../../../shared/schemas/queues.js';
import type { Store } from '../../storage/port.js';
import { type Actor, writeAudit } from '../audit.js';
import { readScheduleAt } from '../schedule/document.js';
import { liveQueueRows, queueChoices, queueInfo, sessionCounts, toLiveQueue } from './read.js';
import { decideRemove, decideSave, newQueueId } from './rule.js';
import { freshSlotRow } from '../../storage/slot-row.js';

/** Rows per insert: a session's numbers in one statement would pass SQLite's limit of bound values. */
const SLOT_CHUNK = 100;

export async function saveQueue({ store, change, actor }: { store: Store; change: QueueChange; actor?: Actor }) {
  return store.write(async ({ tx, emit, runtime, now }) => {
    const rows = await liveQueueRows(tx);
    const n = (await readScheduleAt(tx, store, runtime.schedule_version)).schedule.settings.numbersPerSession;
    const { taken } = change.id === undefined ? { taken: 0 } : await sessionCounts(tx, runtime, change.id);
    // Every id ever, removed queues' too: read under the write's lock, so two saves never pick the same one.
    const ever = change.id === undefined ? await tx.selectFrom('queues').select('id').execute() : [];
    const plan = decideSave(rows.map(toLiveQueue), change, n, taken, newQueueId(ever.map((r) => r.id)));
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
    // The open session's numbers of a new queue, or of one whose range moved (the rule let it only while it
    // had given none): made now, as opening the session made the others' (decision 061).
    const sessionId = runtime.inhouse_on === 1 ? runtime.current_session_id : null;
    if (sessionId && (plan.created || before?.first_number !== change.firstNumber)) {
      await tx.deleteFrom('reservation_slots').where('session_id', '=', sessionId).where('queue_id', '=', plan.id).where('is_reserved', '=', 0).execute();
      // A number a removed queue already gave in this session stays its own (numbers are unique per session).
      const used = await tx
        .selectFrom('reservation_slots')
        .select('reservation_number')
        .where('session_id', '=', sessionId)
        .where('reservation_number', '>=', change.firstNumber)
        .where('reservation_number', '<', change.firstNumber + n)
        .execute();
      const given = new Set(used.map((r) => r.reservation_number));
      const fresh = Array.from({ length: n }, (_, i) => change.firstNumber + i)
        .filter((number) => !given.has(number))
        .map((number) => freshSlotRow(sessionId, number, randomUUID(), now, plan.id));
      for (let i = 0; i < fresh.length; i += SLOT_CHUNK) await tx.insertInto('reservation_slots').values(fresh.slice(i, i + SLOT_CHUNK)).execute();
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
    // Its numbers not given in the open session go with it: another queue may take up the range.
    if (runtime.current_session_id) {
      await tx.deleteFrom('reservation_slots').where('session_id', '=', runtime.current_session_id).where('queue_id', '=', id).where('is_reserved', '=', 0).execute();
    }
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
