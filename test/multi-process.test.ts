/**
 * Two real server processes on one PostgreSQL database, as a clinic runs them behind a load balancer:
 * a change made through one reaches live viewers of the other (LISTEN/NOTIFY), and a patient signed in
 * on one is signed in on both (shared DATA_DIR, so one token secret).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ErrorBody } from '../src/shared/errors.js';
import type { QueueSnapshot } from '../src/shared/schemas/live.js';
import { callFn, type FnAnswer, mustCall, pwaPatient, pwaPatients, staffCookie } from './support/client.js';
import { openSse, type SseReader } from './support/sse.js';
import { describePostgres, openTestStore, type TestStore } from './support/stores.js';
import { startServerProcess, stopAllServerProcesses, type ServerProcess } from './support/process.js';

describePostgres('two server processes on one database', () => {
  let t: TestStore;
  let dataDir: string;
  let a: ServerProcess;
  let b: ServerProcess;
  let cookie: string;
  const viewers: SseReader[] = [];

  beforeAll(async () => {
    t = await openTestStore('postgres', { poolSize: 2 });
    dataDir = mkdtempSync(join(tmpdir(), 'cq-multi-'));
    const env = { DATABASE_URL: t.url!, DATA_DIR: dataDir, RATE_LIMIT: 'off', PG_POOL_SIZE: '10' };
    // One after the other: the first creates the shared secrets in DATA_DIR, the second reads them.
    a = await startServerProcess(env);
    b = await startServerProcess(env);

    cookie = await staffCookie(a.url, t.store);
  });

  afterAll(async () => {
    viewers.forEach((v) => v.close());
    await stopAllServerProcesses();
    await t?.cleanup();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  async function viewer(server: ServerProcess): Promise<{ sse: SseReader; first: QueueSnapshot }> {
    const sse = await openSse(`${server.url}/api/live/queue`);
    viewers.push(sse);
    expect(sse.status).toBe(200);
    return { sse, first: JSON.parse((await sse.next((e) => e.event === 'queue')).data) as QueueSnapshot };
  }

  const snapshot = (sse: SseReader, match: (s: QueueSnapshot) => boolean) =>
    sse
      .next((e) => e.event === 'queue' && match(JSON.parse(e.data) as QueueSnapshot), 15_000)
      .then((e) => JSON.parse(e.data) as QueueSnapshot);

  it('a change made through process A reaches a live viewer on process B', async () => {
    const { sse, first } = await viewer(b);
    expect(first.runtime).toEqual({ inhouseOn: false, onlineOn: false, currentWaitCount: 0 });
    expect(first.queue).toEqual([]);

    await mustCall(a.url, 'startInhouseReception', {}, { cookie });
    await snapshot(sse, (s) => s.runtime.inhouseOn);
    await mustCall(a.url, 'startOnlineReception', {}, { cookie });
    await snapshot(sse, (s) => s.runtime.onlineOn);

    const patient = await pwaPatient(a.url);
    const taken = await mustCall<{ reservationNumber: number }>(a.url, 'allocateNextSlot', { reservedType: 'PWA' }, patient);
    const seen = await snapshot(sse, (s) => s.queue.length === 1);
    expect(seen.queue).toEqual([{ reservationNumber: taken.reservationNumber, ahead: 0 }]);
    expect(seen.runtime).toEqual({ inhouseOn: true, onlineOn: true, currentWaitCount: 1 });
    expect(seen.version).toBeGreaterThan(first.version);
  });

  it('a patient signed in on A is signed in on B, and B’s changes reach A’s viewers', async () => {
    // Idempotent switches: this test does not depend on the one before it having run.
    await mustCall(a.url, 'startInhouseReception', {}, { cookie });
    await mustCall(a.url, 'startOnlineReception', {}, { cookie });
    const { sse, first } = await viewer(a);
    const before = first.queue.length;
    const patient = await pwaPatient(a.url);

    const taken = await mustCall<{ slotId: string; reservationNumber: number }>(
      b.url,
      'allocateNextSlot',
      { reservedType: 'PWA' },
      patient,
    );
    const seen = await snapshot(sse, (s) => s.queue.length === before + 1);
    expect(seen.queue.at(-1)).toMatchObject({ reservationNumber: taken.reservationNumber });

    for (const server of [a, b]) {
      const mine = await mustCall<{ reservation: { slotId: string } | null }>(server.url, 'getMyReservation', {}, patient);
      expect(mine.reservation?.slotId).toBe(taken.slotId);
    }
    // B really checks the token: a forged one is refused there.
    const forged = await callFn(b.url, 'getMyReservation', {}, { token: `${patient.token.slice(0, -4)}AAAA` });
    expect(forged.status).toBe(401);
    // Staff sessions live in the database too: A's cookie works on B.
    await mustCall(b.url, 'markSlot', { slotId: taken.slotId, action: 'start' }, { cookie });
    await snapshot(sse, (s) => s.queue.length === before);
  });

  /**
   * Each process answers refusals from its own view of reception, kept current by the change notices
   * (decision 022): B must follow A's switches and A's last number, and a new session opened on A, without
   * a request of its own telling it. B learns of A's changes when A's notice arrives, hence the polls.
   */
  it('B’s refusals follow what A changes: online off and on, the last number, a new session', async () => {
    const outcome = (answer: FnAnswer) => ('error' in answer.body ? (answer.body as ErrorBody).error.status : answer.status);
    const take = async (url: string, patient: { token: string }) => callFn<{ reservationNumber: number }>(url, 'allocateNextSlot', { reservedType: 'PWA' }, patient);
    await mustCall(a.url, 'startInhouseReception', {}, { cookie });
    await mustCall(a.url, 'startOnlineReception', {}, { cookie });
    const onB = await pwaPatient(b.url);
    expect(outcome(await take(b.url, onB))).toBe(200); // B now knows: open, numbers left

    await mustCall(a.url, 'endOnlineReception', {}, { cookie });
    const late = await pwaPatient(b.url);
    await expect.poll(async () => outcome(await take(b.url, late)), { timeout: 15_000 }).toBe('FAILED_PRECONDITION');
    await mustCall(a.url, 'startOnlineReception', {}, { cookie });
    await expect.poll(async () => outcome(await take(b.url, late)), { timeout: 15_000 }).toBe(200);

    // A takes every number left; B, which last saw numbers left, refuses from then on.
    const crowd = await pwaPatients(a.url, 200);
    const answers = await Promise.all(crowd.map((p) => take(a.url, p)));
    const winners = crowd.filter((_p, i) => answers[i].status === 200);
    expect(answers.filter((x) => x.status !== 200).every((x) => outcome(x) === 'RESOURCE_EXHAUSTED')).toBe(true);
    for (let i = 0; i < 3; i++) expect(outcome(await take(b.url, await pwaPatient(b.url)))).toBe('RESOURCE_EXHAUSTED');
    // Holders still hear that they hold a number, on B too, whichever process gave it.
    expect(outcome(await take(b.url, onB))).toBe('ALREADY_EXISTS');
    expect(outcome(await take(b.url, winners[0]))).toBe('ALREADY_EXISTS');

    // A serves everyone and opens a new session: B hands out its number 1.
    const active = await t.store.db
      .selectFrom('reservation_slots')
      .innerJoin('runtime', 'runtime.current_session_id', 'reservation_slots.session_id')
      .select('reservation_slots.id')
      .where('is_reserved', '=', 1)
      .where('canceled', '=', 0)
      .where('is_reception_accepted', '=', 0)
      .execute();
    for (const { id } of active) await mustCall(a.url, 'markSlot', { slotId: id, action: 'start' }, { cookie });
    for (const fn of ['endOnlineReception', 'endInhouseReception', 'startInhouseReception', 'startOnlineReception']) await mustCall(a.url, fn, {}, { cookie });
    const next = await pwaPatient(b.url);
    await expect.poll(async () => outcome(await take(b.url, next)), { timeout: 15_000 }).toBe(200);
    expect((await mustCall<{ reservation: { reservationNumber: number } }>(b.url, 'getMyReservation', {}, next)).reservation.reservationNumber).toBe(1);
  });
});
