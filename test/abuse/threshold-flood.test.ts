/**
 * The notice-threshold flood, against the real server program over real HTTP on both stores: one patient
 * alternating 9 and 10 as fast as it can, and a token with no number sending that patient's slot id. The
 * budget bounds what the flood changes: the runtime version and the public stream's frames grow by at most
 * the budget; the foreign calls write nothing at all (docs/decisions/043).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { callFn, mustCall, pwaPatient, staffCookie } from '../support/client.js';
import { openSse } from '../support/sse.js';
import { describeStores, openTestStore, type StoreKind } from '../support/stores.js';
import { startServerProcess, stopAllServerProcesses } from '../support/process.js';
import { openSqliteStore } from '../../src/server/storage/sqlite.js';
import type { Store } from '../../src/server/storage/port.js';
import { staffLabels } from '../../src/shared/labels/staff.js';
import { label } from '../../src/shared/labels/text.js';
import { patientCounterSubject } from '../support/counters.js';
import { storeVersion } from '../support/store-version.js';

const BUDGET = 10;
let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  await stopAllServerProcesses();
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

async function serverData(kind: StoreKind): Promise<{ env: Record<string, string>; store: Store }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cq-flood-'));
  cleanup.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  const env = { DATA_DIR: dataDir, RATE_LIMIT_PATIENT_CHANGES_PER_HOUR: String(BUDGET) };
  if (kind === 'sqlite') {
    const store = await openSqliteStore(join(dataDir, 'clinic-queue.sqlite'));
    cleanup.push(() => store.close());
    return { env, store };
  }
  const t = await openTestStore('postgres', { poolSize: 2 });
  cleanup.push(() => t.cleanup());
  return { env: { ...env, DATABASE_URL: t.url! }, store: t.store };
}

/** Calls `call` from `lanes` loops at once until `ms` have passed; the answers' statuses and messages. */
async function flood(ms: number, lanes: number, call: (i: number) => Promise<{ status: number; body: unknown }>) {
  const answers: { status: number; body: unknown }[] = [];
  const end = Date.now() + ms;
  let i = 0;
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      while (Date.now() < end) answers.push(await call(i++));
    }),
  );
  return answers;
}

describeStores('a patient flooding the notice threshold', (kind) => {
  let reading = true;
  afterEach(() => {
    reading = false;
  });
  it('changes at most the budget, refuses the rest from a read, and a foreign slot id writes nothing', async () => {
    const { env, store } = await serverData(kind);
    const server = await startServerProcess(env);
    const cookie = await staffCookie(server.url, store);
    await mustCall(server.url, 'startInhouseReception', {}, { cookie });
    await mustCall(server.url, 'startOnlineReception', {}, { cookie });
    for (let i = 0; i < 11; i++) await mustCall(server.url, 'allocateNextSlot', { reservedType: 'ADMIN' }, { cookie });
    const patient = await pwaPatient(server.url);
    const slot = await mustCall<{ slotId: string }>(server.url, 'allocateNextSlot', { reservedType: 'PWA' }, { token: patient.token });
    const stranger = await pwaPatient(server.url);
    const version = async () => (await storeVersion(store));
    const viewer = await openSse(`${server.url}/api/live/queue`);
    cleanup.push(async () => viewer.close());
    await viewer.next((e) => e.event === 'queue');
    let frames = 0;
    reading = true;
    const counting = (async () => {
      while (reading) {
        // A quiet second is no frame; a stream that ended stops the count.
        const frame = await viewer.next((e) => e.event === 'queue', 1_000).catch((err: Error) => {
          if (err.message === 'stream ended') reading = false;
          return null;
        });
        if (frame) frames++;
      }
    })();

    const set = (token: string, threshold: number) => callFn(server.url, 'setMyNoticeThreshold', { slotId: slot.slotId, threshold }, { token });
    const before = await version();
    const foreign = await flood(1_500, 4, (i) => set(stranger.token, 9 + (i % 2)));
    expect(new Set(foreign.map((a) => JSON.stringify(a.body)))).toEqual(
      new Set([JSON.stringify({ error: { status: 'NOT_FOUND', message: label(staffLabels, 'ja', 'error.reservationNotFound') } })]),
    );
    expect(await version()).toBe(before);

    const own = await flood(3_000, 4, (i) => set(patient.token, 9 + (i % 2)));
    const refused = own.filter((a) => a.status === 429);
    expect(own.filter((a) => a.status !== 200 && a.status !== 429)).toEqual([]);
    // Past the budget the threshold stays where it is: half the calls ask for it again (200, nothing
    // written), the other half are refused.
    expect(refused.length).toBeGreaterThan(own.length / 3);
    expect(new Set(refused.map((a) => JSON.stringify(a.body)))).toEqual(
      new Set([JSON.stringify({ error: { status: 'RESOURCE_EXHAUSTED', message: label(staffLabels, 'ja', 'error.rateLimitedChanges') } })]),
    );
    const changed = (await version()) - before;
    expect(changed).toBeGreaterThan(0);
    expect(changed).toBeLessThanOrEqual(BUDGET);
    await new Promise((resolve) => setTimeout(resolve, 500)); // the last frames on their way
    reading = false;
    await counting;
    expect(frames).toBeLessThanOrEqual(BUDGET);
    const counter = await store.db.selectFrom('rate_counters').select('count').where('key', '=', `patient-threshold:${patientCounterSubject(env.DATA_DIR, patient.uid)}`).execute();
    expect(counter).toEqual([{ count: changed }]);
    console.log(`${kind}: ${foreign.length} foreign calls in 1.5 s, ${own.length} own calls in 3 s, ${changed} changes, ${frames} frames`);
  });
});
