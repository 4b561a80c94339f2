/**
 * A clinic's history, made up but shaped like the real thing, written straight into the tables (fast enough
 * for a year): two sessions a day (09:00–12:00 and 16:30–19:00 Tokyo), Monday to Saturday, 200 numbers per
 * session of which most are taken; an opening burst when online reception starts, then a steady trickle;
 * LINE, PWA and walk-ins mixed; patients cancelling, staff deleting, holds (some came back, some never did);
 * one doctor seeing patients in turn; 5-ahead notices sent and a few failed. Deterministic (seeded PRNG).
 * Used by the statistics page's browser test and by `npm run bench -- --only stats`.
 */
import type { Store } from '../../src/server/storage/port.js';
import type { OutboxTable, SlotTable } from '../../src/server/storage/schema.js';
import { freshSlotRow } from '../../src/server/storage/slot-row.js';
import { SLOTS_PER_SESSION } from '../../src/shared/queue/slot.js';

const MIN = 60_000;
const DAY = 24 * 60 * MIN;
const CHUNK = 200;

export interface YearShape {
  /** The first Tokyo day (a Monday), yyyy-mm-dd. */
  from: string;
  weeks: number;
  /** Numbers taken per session, on average (at most 200). */
  takenPerSession: number;
}

/** mulberry32: small, fast and repeatable. */
function prng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const iso = (ms: number) => new Date(ms).toISOString();

export interface SeededYear {
  sessions: number;
  slots: number;
  taken: number;
  notices: number;
}

export async function seedYear(store: Store, shape: YearShape): Promise<SeededYear> {
  const random = prng(20261116);
  const tokyoMidnight = Date.parse(`${shape.from}T00:00:00+09:00`);
  const result: SeededYear = { sessions: 0, slots: 0, taken: 0, notices: 0 };
  let slots: SlotTable[] = [];
  let notices: OutboxTable[] = [];
  const flush = async (force = false) => {
    if (force || slots.length >= 2000) {
      for (let i = 0; i < slots.length; i += CHUNK) await store.db.insertInto('reservation_slots').values(slots.slice(i, i + CHUNK)).execute();
      slots = [];
    }
    if (force || notices.length >= 2000) {
      for (let i = 0; i < notices.length; i += CHUNK / 2) await store.db.insertInto('outbox').values(notices.slice(i, i + CHUNK / 2)).execute();
      notices = [];
    }
  };
  for (let day = 0; day < shape.weeks * 7; day++) {
    if (day % 7 === 6) continue; // Sunday: closed
    const midnight = tokyoMidnight + day * DAY;
    for (const [open, online, close] of [[9 * 60, 9 * 60 + 30, 12 * 60], [16 * 60 + 30, 17 * 60, 19 * 60]]) {
      const sessionId = `s-${shape.from}-${day}-${open}`;
      const opened = midnight + (open - 10) * MIN;
      await store.db.insertInto('reception_sessions').values({ id: sessionId, opened_at: iso(opened), closed_at: iso(midnight + (close + 30) * MIN) }).execute();
      result.sessions++;
      const taken = Math.min(SLOTS_PER_SESSION, Math.round(shape.takenPerSession * (0.8 + 0.4 * random())));
      // Times taken: a third in the first five minutes online (the opening burst), the rest spread out.
      const times = Array.from({ length: taken }, (_, i) =>
        i < taken / 3 ? midnight + online * MIN + random() * 5 * MIN : midnight + (open - 10) * MIN + random() * (close - open - 20) * MIN,
      ).sort((a, b) => a - b);
      let doctorFree = midnight + (open + 5) * MIN;
      // The doctor's pace fits the day: a busy session means shorter consultations.
      const consult = Math.min(6, (close - open) / taken) * MIN;
      for (let n = 1; n <= SLOTS_PER_SESSION; n++) {
        const id = `${sessionId}-${n}`;
        const row = freshSlotRow(sessionId, n, id, iso(opened));
        result.slots++;
        if (n > taken) {
          slots.push(row);
          continue;
        }
        result.taken++;
        const at = times[n - 1];
        const r = random();
        const channel = r < 0.45 ? 'LINE' : r < 0.7 ? 'PWA' : 'ADMIN';
        Object.assign(row, { is_reserved: 1, reserved_type: channel, reserved_at: iso(at), owner_id: channel === 'ADMIN' ? null : `${channel}-${id}` });
        const fate = random();
        if (channel !== 'ADMIN' && fate < 0.06) {
          const when = iso(at + (5 + random() * 55) * MIN);
          Object.assign(row, { canceled: 1, canceled_at: when, [channel === 'LINE' ? 'canceled_line_at' : 'canceled_pwa_at']: when });
        } else if (fate < 0.09) {
          Object.assign(row, { canceled: 1, canceled_at: iso(Math.max(at, doctorFree) + 2 * MIN) });
        } else if (fate < 0.11) {
          Object.assign(row, { hold: 1, hold_at: iso(Math.max(at, doctorFree)), canceled: 1, canceled_at: iso(Math.max(at, doctorFree) + 30 * MIN) });
        } else {
          const late = fate < 0.13;
          const start = Math.max(doctorFree, at + 5 * MIN) + (late ? 20 * MIN : 0);
          doctorFree = start + consult * (0.6 + 0.5 * random());
          Object.assign(row, {
            is_reception_accepted: 1, reception_accepted_at: iso(start), ...(late ? { hold: 1, hold_at: iso(start - 20 * MIN) } : {}),
          });
          if (channel !== 'ADMIN' && random() < 0.7) {
            const created = iso(start - 12 * MIN);
            const failed = random() < 0.04;
            notices.push({
              id: `n-${id}`, kind: 'ahead5', channel, slot_id: id, reservation_number: n, recipient: `${channel}-${id}`, endpoint: null,
              retry_key: `k-${id}`, status: failed ? 'failed' : 'sent', attempts: 1, next_attempt_at: created, lease_until: null,
              last_error: failed ? 'HTTP 410' : null, created_at: created, updated_at: created, sent_at: failed ? null : created, body: null, path: null,
            });
            result.notices++;
          }
        }
        slots.push(row);
      }
      await flush();
    }
  }
  await flush(true);
  return result;
}
