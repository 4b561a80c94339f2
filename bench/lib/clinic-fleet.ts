/**
 * A deployment of many clinics for the bench (issue 45, decision 078): one PostgreSQL database holding the
 * clinics, several server processes on it with the same TOKEN_SECRET, and calls that reach a clinic the way
 * a proxy in front of them would pass them on: X-Forwarded-Host naming the clinic's host, from 127.0.0.1,
 * which the processes trust (TRUST_PROXY).
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { addStaffAccount } from '../../src/server/auth/staff-accounts.js';
import { patientTokens } from '../../src/server/auth/patient-tokens.js';
import { clinicSecret } from '../../src/server/clinics/clinic-secret.js';
import type { Answer } from '../../test/support/burst.js';
import { type Proc, startProc, stopProc } from './proc.js';
import { addBenchClinics, type BenchStore, type PgCluster, prepareStore, STAFF } from './stores.js';

/** Clinic `c<i>`'s host; the clinic `default` keeps no host of its own. */
export const hostOf = (id: string) => `${id}.bench.example.jp`;
export const forHost = (id: string) => ({ 'x-forwarded-host': hostOf(id) });

export interface Fleet {
  bench: BenchStore;
  procs: Proc[];
  /** The processes' addresses; a call picks one in turn, as a round-robin proxy would. */
  bases: string[];
  /** The next process's address, in turn. */
  next(): string;
  stop(): Promise<void>;
}

/**
 * `clinics` clinics in one fresh database (`default` and c1…c<clinics − 1>), a staff account in each clinic
 * of `staffed`, then `processes` server processes on it.
 */
export async function startFleet(cluster: PgCluster, clinics: number, staffed: string[], processes: number, nodeFlags: string[]): Promise<Fleet> {
  const bench = await prepareStore('postgres', cluster);
  const procs: Proc[] = [];
  try {
    const store = await bench.open();
    try {
      await addBenchClinics(store, clinics, hostOf);
      for (const id of staffed) await addStaffAccount(store.forClinic(id), STAFF.username, STAFF.password);
    } finally {
      await store.close();
    }
    const env = { ...bench.env, RATE_LIMIT: 'off', TRUST_PROXY: '127.0.0.1' };
    for (let i = 0; i < processes; i++) procs.push(await startProc({ name: `server ${i + 1}`, args: [...nodeFlags, 'dist/server/main.js'], env }));
  } catch (err) {
    for (const p of procs) await stopProc(p);
    await bench.cleanup();
    throw err;
  }
  const bases = procs.map((p) => p.url);
  let turn = 0;
  return {
    bench,
    procs,
    bases,
    next: () => bases[turn++ % bases.length],
    async stop() {
      for (const p of procs) await stopProc(p);
      await bench.cleanup();
    },
  };
}

/** One call to a clinic through `base`, as its host; `auth` a patient's token or a staff cookie. */
export async function clinicCall(base: string, id: string, name: string, data: unknown, auth: { token?: string; cookie?: string } = {}): Promise<Answer> {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...forHost(id) };
  if (auth.token) headers.authorization = `Bearer ${auth.token}`;
  if (auth.cookie) headers.cookie = auth.cookie;
  const res = await fetch(`${base}/api/fn/${name}`, { method: 'POST', headers, body: JSON.stringify({ data }), signal: AbortSignal.timeout(60_000) });
  return { status: res.status, body: (await res.json()) as Answer['body'] };
}

export async function mustClinicCall(base: string, id: string, name: string, data: unknown, auth: { token?: string; cookie?: string } = {}) {
  const answer = await clinicCall(base, id, name, data, auth);
  if (answer.status !== 200) throw new Error(`${id} ${name} refused: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.result!;
}

/** The bench's staff account signed in at the clinic's host: its cookie (a row of that clinic, good in every process). */
export async function clinicLogin(base: string, id: string): Promise<string> {
  const res = await fetch(`${base}/api/staff/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...forHost(id) },
    body: JSON.stringify(STAFF),
    signal: AbortSignal.timeout(30_000),
  });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('qs_staff='));
  if (res.status !== 200 || !cookie) throw new Error(`staff login at ${id} failed: ${res.status}`);
  return cookie.split(';')[0];
}

/**
 * Patients' tokens signed with the clinic's own key, as the clinic's exchangePwaInstallation would sign
 * them (each a new patient): 30,000 sign-ins through the servers would be set-up load of their own.
 */
export async function clinicTokens(fleet: Fleet, id: string, count: number): Promise<string[]> {
  const tokens = patientTokens(clinicSecret(fleet.bench.env.TOKEN_SECRET, id), 12);
  return Promise.all(Array.from({ length: count }, () => tokens.issue({ uid: randomUUID(), channel: 'PWA' })));
}

export interface ClinicHeld {
  reserved: number;
  numbers: number;
  owners: number;
  lowest: number;
  highest: number;
}

/** Per clinic, what its current session holds, read from outside the product (every clinic's rows). */
export async function heldByClinic(fleet: Fleet): Promise<Map<string, ClinicHeld>> {
  const client = new pg.Client({ connectionString: fleet.bench.location });
  await client.connect();
  try {
    // Row security shows a connection one clinic's rows; '*' is the setting that shows them all.
    await client.query(`select set_config('app.clinic', '*', false)`);
    const { rows } = await client.query<Record<string, string>>(
      `select s.clinic_id, count(*) as reserved, count(distinct s.reservation_number) as numbers,
              count(distinct s.owner_id) as owners, min(s.reservation_number) as lowest, max(s.reservation_number) as highest
         from reservation_slots s join runtime r on r.clinic_id = s.clinic_id and r.id = 1
        where s.is_reserved = 1 and s.session_id = r.current_session_id
        group by s.clinic_id`,
    );
    return new Map(rows.map((r) => [r.clinic_id, { reserved: Number(r.reserved), numbers: Number(r.numbers), owners: Number(r.owners), lowest: Number(r.lowest), highest: Number(r.highest) }]));
  } finally {
    await client.end();
  }
}

/** Runs `fn` over `items`, `width` at a time (set-up calls, not the load). */
export async function inTurns<T>(items: T[], width: number, fn: (item: T, i: number) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < items.length; i += width) await Promise.all(items.slice(i, i + width).map((item, j) => fn(item, i + j)));
}
