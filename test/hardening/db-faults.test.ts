/**
 * Database faults: PostgreSQL restarts under a steady light load while live viewers watch. Meanwhile every
 * call is answered (never a hang: each within 10 s) with 503 UNAVAILABLE in the catalogue's shape, never a
 * 500 and never a crash; /healthz says 503; within 5 s of PostgreSQL being back everything works again
 * without restarting the server; and the viewers resynchronise (they show a change made after recovery).
 *
 * The test runs its own throwaway cluster (test/support/pg-cluster.ts): the run's shared cluster is never
 * restarted under other tests. Restarts are both an orderly one (`fast`) and a crash (`immediate`).
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { addStaffAccount } from '../../src/server/auth/staff-accounts.js';
import { openPostgresStore } from '../../src/server/storage/postgres.js';
import type { AdminSnapshot, QueueSnapshot } from '../../src/shared/schemas/live.js';
import { ERROR_HTTP_STATUS } from '../../src/shared/errors.js';
import { mustCall, pwaPatient } from '../support/client.js';
import { startPgCluster, type PgCluster } from '../support/pg-cluster.js';
import { startServerProcess, stopAllServerProcesses, type ServerProcess } from '../support/process.js';
import { describePostgres } from '../support/stores.js';
import { watch } from './live-viewer.js';

const HANG_MS = 10_000;
const RECOVERY_MS = 5_000;
const OUTAGE_MS = 3_000;

interface Call {
  action: string;
  start: number;
  end: number;
  status: number;
  /** The catalogue code, "result" for a success, or what else came back. */
  outcome: string;
}

describePostgres('PostgreSQL restarts under load', () => {
  let cluster: PgCluster;
  let server: ServerProcess;
  let dataDir: string;
  let cookie: string;
  let walkInId: string;
  const onExit = () => cluster?.destroy();

  beforeAll(async () => {
    cluster = await startPgCluster(inject('pgBindir')!);
    process.once('exit', onExit);
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query('create database faults');
    await admin.end();
    const url = cluster.url.replace(/\/postgres$/, '/faults');
    const store = await openPostgresStore(url, { poolSize: 1 });
    await addStaffAccount(store, 'fault-staff', 'correct horse battery');
    await store.close();

    dataDir = mkdtempSync(join(tmpdir(), 'cq-faults-'));
    server = await startServerProcess({ DATABASE_URL: url, DATA_DIR: dataDir, RATE_LIMIT: 'off', PG_POOL_SIZE: '10' });
    const login = await fetch(`${server.url}/api/staff/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'fault-staff', password: 'correct horse battery' }),
    });
    cookie = login.headers.getSetCookie()[0].split(';')[0];
    await mustCall(server.url, 'startInhouseReception', {}, { cookie });
    await mustCall(server.url, 'startOnlineReception', {}, { cookie });
    walkInId = (await mustCall<{ slotId: string }>(server.url, 'allocateNextSlot', { reservedType: 'ADMIN' }, { cookie })).slotId;
  });

  afterAll(async () => {
    await stopAllServerProcesses();
    process.off('exit', onExit);
    cluster?.destroy();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  /** One request as a phone or a staff screen makes it, timed, with a hang bound. */
  async function call(action: string, path: string, init: RequestInit = {}): Promise<Call> {
    const start = Date.now();
    try {
      const response = await fetch(`${server.url}${path}`, { ...init, signal: AbortSignal.timeout(HANG_MS) });
      const body = (await response.json().catch(() => null)) as { result?: unknown; error?: { status?: string; message?: string }; status?: string } | null;
      const outcome = body?.result !== undefined ? 'result' : body?.error?.status ?? `healthz:${body?.status}`;
      return { action, start, end: Date.now(), status: response.status, outcome };
    } catch (err) {
      return { action, start, end: Date.now(), status: 0, outcome: `no answer: ${String(err)}` };
    }
  }

  const fn = (action: string, name: string, data: unknown, auth: Record<string, string>) =>
    call(action, `/api/fn/${name}`, { method: 'POST', headers: { 'content-type': 'application/json', ...auth }, body: JSON.stringify({ data }) });

  for (const mode of ['fast', 'immediate'] as const) {
    it(`restart (${mode}): UNAVAILABLE meanwhile, healthy within 5 s of PostgreSQL being back, viewers resynchronised`, async () => {
      const patients = await Promise.all(Array.from({ length: 40 }, () => pwaPatient(server.url)));
      const publicViewers = [watch<QueueSnapshot>(`${server.url}/api/live/queue`, 'queue'), watch<QueueSnapshot>(`${server.url}/api/live/queue`, 'queue')];
      const staffViewer = watch<AdminSnapshot>(`${server.url}/api/live/admin`, 'admin', { cookie });
      const viewers = [...publicViewers, staffViewer];
      await Promise.all(viewers.map((v) => v.waitFor(() => true, 10_000)));

      // Steady light load: four clients, each a request every 50 ms or so, through all kinds of calls.
      const calls: Call[] = [];
      let running = true;
      let hold = false;
      const actions = [
        () => call('healthz', '/healthz'),
        () => fn('getMyReservation', 'getMyReservation', {}, { authorization: `Bearer ${patients[calls.length % patients.length].token}` }),
        () => fn('allocateNextSlot', 'allocateNextSlot', { reservedType: 'PWA' }, { authorization: `Bearer ${patients[calls.length % patients.length].token}` }),
        () => fn('exchangePwaInstallation', 'exchangePwaInstallation', { installId: randomUUID() }, {}),
        () => {
          hold = !hold;
          return fn('markSlot', 'markSlot', { slotId: walkInId, action: hold ? 'hold' : 'undoHold' }, { cookie });
        },
      ];
      const load = Array.from({ length: 4 }, async (_, lane) => {
        for (let i = lane; running; i++) {
          calls.push(await actions[i % actions.length]());
          await new Promise((r) => setTimeout(r, 50));
        }
      });

      await new Promise((r) => setTimeout(r, 1_000));
      await cluster.stopServer(mode);
      const down = Date.now();
      // Viewers arriving during the outage: the server cannot give them a snapshot, so it ends their
      // stream (public) or refuses it with 503 (staff, whose session it cannot check); they retry.
      const latePublic = watch<QueueSnapshot>(`${server.url}/api/live/queue`, 'queue');
      const lateStaff = watch<AdminSnapshot>(`${server.url}/api/live/admin`, 'admin', { cookie });
      viewers.push(latePublic, lateStaff);
      await new Promise((r) => setTimeout(r, OUTAGE_MS));
      const restarting = Date.now();
      await cluster.startServer(); // pg_ctl -w: returns once PostgreSQL accepts connections
      const up = Date.now();
      await new Promise((r) => setTimeout(r, RECOVERY_MS + 2_000));
      running = false;
      await Promise.all(load);

      // Never a crash, never a hang, never anything outside the catalogue (and never a 500).
      expect(server.child.exitCode, server.output()).toBeNull();
      expect(calls.filter((c) => c.status === 0 || c.end - c.start >= HANG_MS)).toEqual([]);
      const shapes = calls.filter((c) =>
        c.action === 'healthz'
          ? !(c.status === 200 && c.outcome === 'healthz:ok') && !(c.status === 503 && c.outcome === 'healthz:unavailable')
          : !(c.status === 200 && c.outcome === 'result') && !(c.outcome in ERROR_HTTP_STATUS && ERROR_HTTP_STATUS[c.outcome as keyof typeof ERROR_HTTP_STATUS] === c.status && c.status !== 500),
      );
      // The server's own account of anything it could not place, to say why when this fails.
      const unhandled = server.output().split('\n').filter((l) => l.includes('unhandled error')).map((l) => l.slice(0, 600));
      expect(shapes, unhandled.join('\n')).toEqual([]);

      // While PostgreSQL is away, every call says UNAVAILABLE (the health check: 503).
      const outage = calls.filter((c) => c.start >= down && c.end <= restarting);
      expect(outage.length).toBeGreaterThan(20);
      expect(outage.filter((c) => c.status !== 503)).toEqual([]);
      expect(outage.filter((c) => c.action !== 'healthz').every((c) => c.outcome === 'UNAVAILABLE')).toBe(true);
      expect(outage.some((c) => c.action === 'healthz')).toBe(true);

      // Within 5 s of PostgreSQL being back, everything works, with no restart of ours.
      const after = calls.filter((c) => c.start >= up + RECOVERY_MS);
      expect(after.length).toBeGreaterThan(20);
      const allowed: Record<string, string[]> = { allocateNextSlot: ['result', 'ALREADY_EXISTS'] };
      expect(after.filter((c) => !(allowed[c.action] ?? ['result', 'healthz:ok']).includes(c.outcome))).toEqual([]);
      expect(after.some((c) => c.action === 'healthz')).toBe(true);

      // Viewers resynchronise: a change made after recovery reaches every one of them.
      const { reservationNumber } = await mustCall<{ reservationNumber: number }>(server.url, 'allocateNextSlot', { reservedType: 'ADMIN' }, { cookie });
      await Promise.all([
        ...[...publicViewers, latePublic].map((v) => v.waitFor((s) => s.queue.some((q) => q.reservationNumber === reservationNumber), 20_000)),
        ...[staffViewer, lateStaff].map((v) => v.waitFor((s) => s.slots.some((q) => q.reservationNumber === reservationNumber), 20_000)),
      ]);
      expect(lateStaff.refusals.length).toBeGreaterThan(0);
      expect(lateStaff.refusals.filter((status) => status !== 503)).toEqual([]);
      viewers.forEach((v) => v.close());
    }, 120_000);
  }
});
