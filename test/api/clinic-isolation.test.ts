/**
 * Issue 45's isolation: every function and stream of one clinic, driven at its host with the other clinic's
 * staff cookie, patient tokens, kiosk cookie, device cookie, slot ids, ticket token, monitor key and check-in
 * codes, is refused or answers nothing of the other; and the other clinic's rows and write counter are the
 * same afterwards. Both directions, on both stores. The table is clinic-isolation-cases.ts.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { FUNCTION_NAMES } from '../../src/shared/schemas/functions.js';
import { functionAccess } from '../../src/server/function-table.js';
import { ruleOf, type Rule } from '../../src/server/http/function-def.js';
import { CLINIC_TABLES } from '../../src/server/storage/clinic-scope.js';
import type { Store } from '../../src/server/storage/port.js';
import { describeStores } from '../support/stores.js';
import { CLINIC_B_NAME, HOST_A, HOST_B, startTwoClinics, type ClinicSide, type TwoClinics } from '../support/clinic-hosts.js';
import { storeVersion } from '../support/store-version.js';
import type { SseEvent } from '../support/sse.js';
import { lineEnv, startFakeLine, type FakeLine } from '../fakes/line-server.js';
import { startFakeEposPrinter } from '../fakes/epos-printer.js';
import { closedPort, errorCodeOf } from './api-support.js';
import { ISOLATION_CASES, type IsolationCase } from './clinic-isolation-cases.js';
import { type ClinicIds, lineToken, must, secretsOf, setUpClinic } from './clinic-isolation-setup.js';
import { addGroup, atHost, GROUP_HOST, GROUP_PASSWORD } from '../support/group-host.js';

const CLINIC_A_NAME = 'あおば医院';
type Auth = { token?: string; cookie?: string };

it('the table has a row for every function, and for every value of a payload field that chooses who may call', () => {
  expect(new Set(ISOLATION_CASES.map((c) => c.fn))).toEqual(new Set(FUNCTION_NAMES));
  for (const fn of FUNCTION_NAMES) {
    const access = functionAccess[fn];
    if (typeof access === 'string') continue;
    const rows = ISOLATION_CASES.filter((c) => c.fn === fn && !c.twinAsOwn);
    expect(rows.map((c) => c.label).sort(), fn).toEqual(Object.keys(access.cases).sort());
  }
});

/**
 * Every row of every clinic table as the clinic's scoped store reads it, each table's rows as sorted JSON
 * texts: the counts alone would miss a row changed in place (a limit's counter spent, a session ended).
 */
async function clinicRows(store: Store): Promise<Record<string, string[]>> {
  const rows: Record<string, string[]> = {};
  for (const table of [...CLINIC_TABLES].sort()) {
    const all = await store.db.selectFrom(table as 'runtime').selectAll().execute();
    rows[table] = all.map((row) => JSON.stringify(row, (_key, value: unknown) => (typeof value === 'bigint' ? String(value) : value))).sort();
  }
  return rows;
}

describeStores("one clinic's credentials and ids at another's host", (kind) => {
  let two: TwoClinics;
  let push: string;
  let fake: FakeLine;
  const ids = {} as Record<'a' | 'b', ClinicIds>;
  // A group account given both clinics (decision 081): its group cookie, and its handed-off staff cookie in each.
  let groupCookie: string;
  const handedOff = {} as Record<'a' | 'b', string>;
  const handoffToken = async (clinicId: string) => {
    const answer = await atHost<{ result: { url: string } }>(two.server.url, GROUP_HOST, 'POST', '/api/group/handoff', { body: { clinicId }, cookie: groupCookie });
    return new URL(answer.body.result.url).hash.slice(1);
  };
  beforeAll(async () => {
    const pushPort = await closedPort();
    push = `https://127.0.0.1:${pushPort}/push/1`;
    // The environment's LINE channel and public origin are the clinic `default`'s alone (clinic B has neither).
    fake = await startFakeLine();
    two = await startTwoClinics(kind, {
      ...lineEnv(fake),
      PUBLIC_ORIGIN: `https://${HOST_A}`,
      CLINIC_NAME: CLINIC_A_NAME,
      VAPID_SUBJECT: 'mailto:clinic@example.com',
      PUSH_ALLOWED_HOSTS: `127.0.0.1:${pushPort}`,
      GROUP_HOST,
    });
    ids.a = await setUpClinic(two.server, two.a, 'default', fake);
    ids.b = await setUpClinic(two.server, two.b, 'clinic-b');
    await addGroup(two.t.store, 'houjin', ['default', 'clinic-b']);
    groupCookie = (await atHost(two.server.url, GROUP_HOST, 'POST', '/api/group/login', { body: { username: 'houjin', password: GROUP_PASSWORD } })).cookie!;
    for (const [side, clinic] of [['a', 'default'], ['b', 'clinic-b']] as const) {
      const token = await handoffToken(clinic);
      handedOff[side] = (await atHost(two.server.url, two[side].host, 'POST', '/api/staff/handoff', { body: { token } })).cookie!;
    }
  });
  afterAll(async () => {
    await two?.close();
    const unexpected = [...(fake?.unexpected ?? [])];
    await fake?.close();
    expect(unexpected, 'the fake LINE saw nothing it does not serve').toEqual([]);
  });

  const directions = [
    { at: 'a', victim: 'b', atClinic: 'default', victimClinic: 'clinic-b', victimName: CLINIC_B_NAME, atName: CLINIC_A_NAME, hasLine: true },
    { at: 'b', victim: 'a', atClinic: 'clinic-b', victimClinic: 'default', victimName: CLINIC_A_NAME, atName: CLINIC_B_NAME, hasLine: false },
  ] as const;

  for (const d of directions) {
    it(`at ${d.at}'s host, ${d.victim}'s credentials and ids open nothing, show nothing and change nothing of ${d.victim}`, async () => {
      const at: ClinicSide = two[d.at];
      const victim: ClinicSide = two[d.victim];
      const v = ids[d.victim];
      const mine = ids[d.at];
      const secrets = secretsOf(v, d.victimName);
      const rowsBefore = await clinicRows(victim.store);
      const versionBefore = await storeVersion(victim.store);

      // The same people as the attacked clinic would sign them: v's phone's install id, v's LINE user.
      const twinPwa = (await must<{ customToken: string }>(at, 'exchangePwaInstallation', { installId: v.pwa.installId })).customToken;
      const twinLine = await lineToken(two.server, d.atClinic, v.line.uid);
      const context = { v, mine, push, fake };
      const credential = (c: IsolationCase, who: 'foreign' | 'twin'): Auth => {
        const access = functionAccess[c.fn];
        const rule: Rule = typeof access === 'string' ? access : ruleOf(access, c.payload(context));
        const own = c.twinAsOwn;
        if (rule === 'staff') return { cookie: who === 'foreign' ? v.staff.cookie : mine.staff.cookie };
        if (rule === 'kiosk') return { cookie: who === 'foreign' ? v.kiosk.cookie : mine.kiosk.cookie };
        if (rule === 'LINE patient') return { token: who === 'foreign' ? v.line.token : own ? mine.line.token : twinLine };
        if (rule === 'anyone') return who === 'foreign' ? { token: v.pwa.token, cookie: v.staff.cookie } : {};
        return { token: who === 'foreign' ? v.pwa.token : own ? mine.pwa.token : twinPwa };
      };

      // Every row's verdict, gathered so that a failure lists them all.
      const expected: string[] = [];
      const got: string[] = [];
      const leaks: string[] = [];
      const judge = (what: string, want: string, answerCode: string, body: string, allowed: string[] = []) => {
        expected.push(`${what} → ${want}`);
        got.push(`${what} → ${answerCode}`);
        for (const s of secrets) if (!allowed.includes(s) && body.includes(s)) leaks.push(`${what}: ${s}`);
      };
      for (const c of ISOLATION_CASES) {
        const name = `${c.fn}${c.label ? ` ${c.label}` : ''}`;
        for (const who of ['foreign', 'twin'] as const) {
          const want = who === 'twin' ? c.twin : d.hasLine ? c.foreign : (c.noLine ?? c.foreign);
          if (!want) continue;
          const answer = await at.call(c.fn, await c.payload(context), credential(c, who));
          judge(`${name} (${who})`, want, errorCodeOf(answer) ?? 'answer', JSON.stringify(answer.body), c.echoes?.(v));
        }
      }

      const vStaff = { cookie: v.staff.cookie };
      const status = async (what: string, want: number, response: Promise<Response>) => {
        const r = await response;
        judge(what, String(want), String(r.status), await r.text());
      };
      const post = (path: string, body: unknown, headers: Record<string, string>) =>
        fetch(`${two.server.url}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-host': at.host, ...headers },
          body: JSON.stringify(body),
        });
      await status('GET /api/live/admin', 401, at.get('/api/live/admin', vStaff));
      await status('GET /api/staff/me', 401, at.get('/api/staff/me', vStaff));
      await status('POST /api/staff/logout', 200, post('/api/staff/logout', { everywhere: true }, vStaff));
      await status('POST /api/kiosk/enrol', 401, post('/api/kiosk/enrol', { name: '入口' }, vStaff));
      await status('GET stats.csv', 401, at.get('/api/staff/export/stats.csv?period=day&date=2026-11-22', vStaff));
      await status('GET slots.csv', 401, at.get('/api/staff/export/slots.csv?from=2026-11-01&to=2026-11-30', vStaff));
      await status('GET audit.csv', 401, at.get('/api/staff/export/audit.csv?from=2026-11-01&to=2026-11-30', vStaff));
      // v's staff member, v's password and the device cookie v's host gave: no such account here.
      await status('POST /api/staff/login with the device cookie', 401, post('/api/staff/login', { username: v.staff.username, password: 'correct horse battery' }, { cookie: v.staff.device }));
      // The group's: a handoff made for v spends nothing here, v's handed-off session is none here, and the
      // group's API is no clinic host's.
      await status('POST /api/staff/handoff', 401, post('/api/staff/handoff', { token: await handoffToken(d.victimClinic) }, {}));
      await status('GET /api/staff/me (handed off)', 401, at.get('/api/staff/me', { cookie: handedOff[d.victim] }));
      await status('GET /api/group/me', 404, at.get('/api/group/me', { cookie: groupCookie }));
      await status('POST /api/group/handoff', 404, post('/api/group/handoff', { clinicId: d.victimClinic }, { cookie: groupCookie }));
      const config = await at.get('/api/client-config');
      const configText = await config.text();
      judge('GET /api/client-config', d.atName, (JSON.parse(configText) as { clinicName: string }).clinicName, configText);
      // The streams show the attacked clinic's own numbers only: the public one to anyone, the staff one to its staff.
      const first = async (path: string, event: string, headers: Record<string, string>) => {
        const reader = await at.sse(path, headers);
        try {
          return (await reader.next((e) => e.event === event)).data;
        } finally {
          reader.close();
        }
      };
      const sorted = (list: (string | number)[]) => JSON.stringify([...list].sort());
      const myNumbers = sorted([mine.pwa.number, mine.line.number, mine.desk.number]);
      const queue = await first('/api/live/queue', 'queue', vStaff);
      judge('GET /api/live/queue', myNumbers, sorted((JSON.parse(queue) as { queue: { reservationNumber: number }[] }).queue.map((r) => r.reservationNumber)), queue);
      const byQueue = await first('/api/live/queue?rows=byQueue', 'queue', {});
      judge('GET /api/live/queue?rows=byQueue', 'no secret', 'no secret', byQueue);
      const mineStaff = { cookie: mine.staff.cookie };
      const admin = await first('/api/live/admin', 'admin', mineStaff);
      const adminSlots = (JSON.parse(admin) as { slots: { id: string }[] }).slots.map((r) => r.id);
      judge('GET /api/live/admin (twin)', sorted([mine.pwa.slotId, mine.line.slotId, mine.desk.slotId]), sorted(adminSlots), admin);
      await status('GET slots.csv (twin)', 200, at.get('/api/staff/export/slots.csv?from=2026-11-01&to=2026-12-31', mineStaff));
      await status('GET audit.csv (twin)', 200, at.get('/api/staff/export/audit.csv?from=2026-11-01&to=2026-12-31', mineStaff));
      await status('GET stats.csv (twin)', 200, at.get('/api/staff/export/stats.csv?period=month&date=2026-11-22', mineStaff));

      expect(got).toEqual(expected);
      expect(leaks).toEqual([]);
      expect(await clinicRows(victim.store)).toEqual(rowsBefore);
      expect(await storeVersion(victim.store)).toBe(versionBefore);

      // And v's own credentials still work at v's host: nothing done at the other host ended them.
      expect((await victim.get('/api/staff/me', vStaff)).status).toBe(200);
      expect((await victim.get('/api/staff/me', { cookie: handedOff[d.victim] })).status).toBe(200);
      const reservation = await must<{ reservation: { reservationNumber: number } | null }>(victim, 'getMyReservation', {}, { token: v.pwa.token });
      expect(reservation.reservation?.reservationNumber).toBe(v.pwa.number);
      expect((await victim.call('getKioskState', {}, { cookie: v.kiosk.cookie })).status).toBe(200);
      expect((await victim.call('getTicket', { ticket: v.desk.ticket })).status).toBe(200);
      expect((await victim.call('getMonitorCheckinCode', { monitorKey: v.monitorKey })).status).toBe(200);
    });
  }

  it("sends each clinic's patients to its own host: the desk's check-in link and the printed ticket name its address", async () => {
    // PUBLIC_ORIGIN is where the clinic `default` is reached; a link of clinic B's naming it would send B's
    // patients, with B's desk code or ticket, to A's host, where their number is not found.
    const deskLink = async (side: ClinicSide, cookie: string) => new URL((await must<{ deskLink: string }>(side, 'getArrivalSetup', {}, { cookie })).deskLink);
    expect((await deskLink(two.a, ids.a.staff.cookie)).origin).toBe(`https://${HOST_A}`);
    expect((await deskLink(two.b, ids.b.staff.cookie)).host).toBe(HOST_B);
    const printer = await startFakeEposPrinter();
    try {
      const staffB = { cookie: ids.b.staff.cookie };
      await must(two.b, 'saveTicketSettings', { paper: '58', note: '', printer: printer.url }, staffB);
      const walkIn = await must<{ slotId: string }>(two.b, 'allocateNextSlot', { reservedType: 'ADMIN' }, staffB);
      const printed = await must<{ printer: string; token: string }>(two.b, 'issueTicket', { slotId: walkIn.slotId }, staffB);
      expect(printed.printer).toBe('sent');
      expect(new URL(printer.printed[0]!.qr!).host).toBe(HOST_B);
      expect(printer.printed[0]!.texts).toContain(`${CLINIC_B_NAME}\n`);
    } finally {
      await printer.close();
    }
  });

  it("each clinic's streams carry its own changes only, whatever the other does meanwhile", async () => {
    const numbers = (data: string) => (JSON.parse(data) as { queue: { reservationNumber: number }[] }).queue.map((r) => r.reservationNumber);
    const take = async (side: ClinicSide) =>
      must<{ slotId: string; reservationNumber: number }>(side, 'allocateNextSlot', { reservedType: 'PWA' }, { token: (await side.patient()).token });
    const aQueue = await two.a.sse('/api/live/queue');
    const aAdmin = await two.a.sse('/api/live/admin', { cookie: ids.a.staff.cookie });
    const bQueue = await two.b.sse('/api/live/queue');
    try {
      // B goes two numbers ahead of A: a frame of B's on A's streams would show a number A never gave.
      const bTaken = [await take(two.b), await take(two.b)];
      const bLast = bTaken[1]!.reservationNumber;
      await bQueue.next((e) => e.event === 'queue' && numbers(e.data).includes(bLast));
      const aTaken = await take(two.a);
      expect(aTaken.reservationNumber).toBeLessThan(bLast);
      // Every frame A's viewers got until A's own change, the first snapshots included.
      const seen: SseEvent[] = [];
      const heard = (kind: string, has: (data: string) => boolean) => (e: SseEvent) => {
        seen.push(e);
        return e.event === kind && has(e.data);
      };
      const aNumbers = numbers((await aQueue.next(heard('queue', (data) => numbers(data).includes(aTaken.reservationNumber)))).data);
      await aAdmin.next(heard('admin', (data) => data.includes(aTaken.slotId)));
      expect(Math.max(...aNumbers)).toBe(aTaken.reservationNumber);
      const ofB = [...secretsOf(ids.b, CLINIC_B_NAME), ...bTaken.map((t) => t.slotId)];
      expect(seen.flatMap((e) => ofB.filter((s) => e.data.includes(s)))).toEqual([]);
      expect(seen.filter((e) => e.event === 'queue' && numbers(e.data).includes(bLast))).toEqual([]);
    } finally {
      for (const reader of [aQueue, aAdmin, bQueue]) reader.close();
    }
  });
});
