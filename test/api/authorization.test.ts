/**
 * Who may call what, table-driven: every function × every kind of caller. Who may call each function is
 * what its definition declares (functionAccess; docs/api.md's "who" column is held to it by
 * access-docs.test.ts). Allowed cells succeed or fail for a business reason; refused cells get exactly the
 * auth refusal and change nothing.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ErrorCode } from '../../src/shared/errors.js';
import { FUNCTION_NAMES, type FunctionName } from '../../src/shared/schemas/functions.js';
import { DEFAULT_SCHEDULE } from '../../src/shared/schedule/types.js';
import { patientTokens } from '../../src/server/auth/patient-tokens.js';
import { functionAccess } from '../../src/server/function-table.js';
import { type Rule, ruleOf } from '../../src/server/http/function-def.js';
import { callFn, kioskCookie, mustCall, pwaPatient, staffCookie } from '../support/client.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { lineEnv, startFakeLine, type FakeLine } from '../fakes/line-server.js';
import {
  closedPort, errorCodeOf, expectRefusal, linePatient, openReception, queueSnapshotText, serverTokenSecret,
} from './api-support.js';

const CALLERS = ['anonymous', 'pwa', 'line', 'staff', 'forged', 'expired', 'kiosk', 'revokedKiosk'] as const;
type CallerKind = (typeof CALLERS)[number];
type Auth = { token?: string; cookie?: string };

// The clinic the current test runs against (startClinic); the payloads below read `fake` and `pushEndpoint`.
let server: TestServer;
let fake: FakeLine;
let pushEndpoint: string;
const auth = {} as Record<CallerKind, Auth>;

/**
 * A clinic of its own with its own fake LINE: in-house and online reception open, no number taken yet, a
 * PWA and a LINE patient signed in, and one caller of each kind.
 */
async function startClinic() {
  fake = await startFakeLine();
  const pushPort = await closedPort();
  pushEndpoint = `https://127.0.0.1:${pushPort}/push/1`;
  // Push endpoints only on this machine (a closed port): no test may post to a real push service.
  server = await startTestServer({
    env: { ...lineEnv(fake), VAPID_SUBJECT: 'mailto:clinic@example.com', PUSH_ALLOWED_HOSTS: `127.0.0.1:${pushPort}` },
  });
  const cookie = await staffCookie(server.url, server.store);
  await openReception(server.url, cookie);
  const pwa = await pwaPatient(server.url);
  const line = await linePatient(server.url, fake);
  auth.anonymous = {};
  auth.pwa = { token: pwa.token };
  auth.line = { token: line.token };
  auth.staff = { cookie };
  // Same claims, another key: what someone who guessed the token format could make.
  auth.forged = { token: await patientTokens('another-secret-of-the-right-length-0123456789', 24).issue({ uid: pwa.uid, channel: 'PWA' }) };
  // The server's own key, but an hour past its expiry.
  auth.expired = { token: await patientTokens(serverTokenSecret(server), -1).issue({ uid: pwa.uid, channel: 'PWA' }) };
  // An entrance kiosk's own credential (decision 072), and one staff have revoked.
  auth.kiosk = { cookie: (await kioskCookie(server.url, server.store)).cookie };
  const revoked = await kioskCookie(server.url, server.store, '裏口');
  await mustCall(server.url, 'revokeKiosk', { id: revoked.id }, { cookie });
  auth.revokedKiosk = { cookie: revoked.cookie };
}

/** Closes the clinic, and fails whoever used it if the fake LINE saw anything it does not serve. */
async function stopClinic() {
  const unexpected = [...(fake?.unexpected ?? [])];
  await server?.close();
  await fake?.close();
  expect(unexpected, 'the fake LINE saw nothing it does not serve').toEqual([]);
}

interface Case {
  fn: FunctionName;
  label: string;
  /** Built at once (not a promise) where the payload chooses who may call. */
  payload: () => unknown;
}

const subscription = () => ({ endpoint: pushEndpoint, keys: { p256dh: 'BO8dzzd8sHhNks4Magf8yEuCzL0Skx9SLpmc3HbzV6IIKlrBiWfupDMD-RTxHRLFC31JIoHISOTpCWbpHHBfQJQ', auth: 'ntWPPzVLpxSN3hPZ58HeSw' } });

const CASES: Case[] = [
  { fn: 'allocateNextSlot', label: 'ADMIN', payload: () => ({ reservedType: 'ADMIN' }) },
  { fn: 'allocateNextSlot', label: 'PWA', payload: () => ({ reservedType: 'PWA' }) },
  { fn: 'allocateNextSlot', label: 'LINE', payload: () => ({ reservedType: 'LINE' }) },
  { fn: 'cancelReservation', label: 'PWA', payload: () => ({ slotId: 'no-such-slot', reservationNumber: 1, canceledBy: 'PWA' }) },
  { fn: 'cancelReservation', label: 'LINE', payload: () => ({ slotId: 'no-such-slot', reservationNumber: 1, canceledBy: 'LINE' }) },
  { fn: 'getMyReservation', label: '', payload: () => ({}) },
  { fn: 'exchangePwaInstallation', label: '', payload: () => ({ installId: crypto.randomUUID() }) },
  {
    fn: 'exchangeLineCode',
    label: '',
    payload: () => {
      const redirectUri = 'https://clinic.example/line/callback';
      const code = fake.issueCode({ userId: `U${'a'.repeat(32)}`, displayName: '花子', redirectUri });
      return { code, state: 's', redirectUri };
    },
  },
  {
    fn: 'exchangeLineIdToken',
    label: '',
    payload: async () => ({ idToken: await fake.issueIdToken({ userId: `U${'b'.repeat(32)}`, displayName: '次郎' }) }),
  },
  { fn: 'getWebPushPublicKey', label: '', payload: () => ({}) },
  { fn: 'saveSafariSubscription', label: '', payload: () => ({ subscription: subscription() }) },
  {
    fn: 'sendWebpushTest',
    label: '',
    payload: () => ({ subscription: { ...subscription(), endpoint: `${pushEndpoint}/unknown` }, title: 't', body: 'b', link: '/pwa/my' }),
  },
  { fn: 'sendReservationMessageBySlot', label: '', payload: () => ({ slotId: 'no-such-slot', kind: 'recall' }) },
  { fn: 'startInhouseReception', label: '', payload: () => ({}) },
  { fn: 'startOnlineReception', label: '', payload: () => ({}) },
  // Refused while reservations exist or online is open: a business refusal, which is what we want here.
  { fn: 'endInhouseReception', label: '', payload: () => ({}) },
  { fn: 'endOnlineReception', label: '', payload: () => ({}) },
  { fn: 'markSlot', label: '', payload: () => ({ slotId: 'no-such-slot', action: 'hold' }) },
  { fn: 'moveToQueue', label: '', payload: () => ({ slotId: 'no-such-slot', queueId: 'main' }) },
  { fn: 'setNoticeSettings', label: '', payload: () => ({ lineAhead5: true, lineRecall: true }) },
  { fn: 'setSmsNumber', label: '', payload: () => ({ slotId: 'no-such-slot', phone: null }) },
  { fn: 'saveSmsSettings', label: '', payload: () => ({ on: false, accountSid: '', authToken: '', from: '' }) },
  { fn: 'getMessagingStatus', label: '', payload: () => ({}) },
  { fn: 'getAuditLog', label: '', payload: () => ({ limit: 10 }) },
  { fn: 'claimAdminBeep', label: '', payload: () => ({ slotId: 'no-such-slot' }) },
  { fn: 'getPublicSchedule', label: '', payload: () => ({}) },
  { fn: 'getSchedule', label: '', payload: () => ({ month: '2026-11' }) },
  { fn: 'saveWeeklyHours', label: '', payload: () => ({ weekly: DEFAULT_SCHEDULE.weekly }) },
  { fn: 'saveScheduleSettings', label: '', payload: () => ({ settings: DEFAULT_SCHEDULE.settings }) },
  { fn: 'saveScheduleOverride', label: '', payload: () => ({ date: '2026-12-28', periods: [], note: '年末休診' }) },
  { fn: 'deleteScheduleOverride', label: '', payload: () => ({ date: '2026-12-28' }) },
  { fn: 'setHolidayOpening', label: '', payload: () => ({ date: '2026-11-23', open: true }) },
  { fn: 'getStats', label: '', payload: () => ({ period: 'month', date: '2026-11-10' }) },
  { fn: 'setMyNoticeThreshold', label: '', payload: () => ({ slotId: 'no-such-slot', threshold: 3 }) },
  { fn: 'setAnnouncement', label: '', payload: () => ({ text: 'ただいま大変混み合っています', until: null }) },
  { fn: 'previewAnnouncementSend', label: '', payload: () => ({}) },
  { fn: 'sendAnnouncement', label: '', payload: () => ({ announcementId: 'no-such-announcement', lineMessages: 0 }) },
  { fn: 'clearAnnouncement', label: '', payload: () => ({}) },
  { fn: 'callSlot', label: '', payload: () => ({ slotId: 'no-such-slot' }) },
  { fn: 'setCalloutSettings', label: '', payload: () => ({ on: true, volume: 80, text: '受付番号 {n}番の方、診察室へお入りください' }) },
  // absent when called (issue 34)
  { fn: 'markAbsent', label: '', payload: () => ({ slotId: 'no-such-slot', absences: 0 }) },
  { fn: 'undoAbsent', label: '', payload: () => ({ slotId: 'no-such-slot', absences: 1 }) },
  // arrival check-in (issue 34)
  { fn: 'markArrived', label: '', payload: () => ({ slotId: 'no-such-slot', arrived: true }) },
  { fn: 'checkIn', label: '', payload: () => ({ slotId: 'no-such-slot', code: '1234' }) },
  { fn: 'getArrivalSetup', label: '', payload: () => ({}) },
  { fn: 'saveArrivalSettings', label: '', payload: () => ({ absencePlaces: 3, absenceHoldAfter: 2, absentFirstUnarrived: false }) },
  { fn: 'saveAllocationSettings', label: '', payload: () => ({ keepEvery: 3, onlineCap: 50 }) },
  // the clinic's queues (decision 061): a second save of the same queue is ALREADY_EXISTS, a business answer
  { fn: 'getQueues', label: '', payload: () => ({}) },
  {
    fn: 'saveQueue',
    label: '',
    payload: () => ({ nameJa: '予防接種', nameEn: 'Vaccination', firstNumber: 501, online: true, onlineCap: 0, keepEvery: 0, familyMax: 1, hours: null }),
  },
  { fn: 'removeQueue', label: '', payload: () => ({ id: 'main' }) },
  { fn: 'saveQueueChoices', label: '', payload: () => ({ anyQueue: false, numberPerQueue: false }) },
  { fn: 'renewCheckinCodes', label: '', payload: () => ({}) },
  { fn: 'renewMonitorKey', label: '', payload: () => ({}) },
  // the printed ticket (decision 068): the token in the payload is the holder's credential, judged after access
  { fn: 'issueTicket', label: '', payload: () => ({ slotId: 'no-such-slot' }) },
  { fn: 'getTicketSettings', label: '', payload: () => ({}) },
  { fn: 'saveTicketSettings', label: '', payload: () => ({ paper: '58', note: 'お呼びするまで外出されても大丈夫です' }) },
  { fn: 'getTicket', label: '', payload: () => ({ ticket: 'A'.repeat(43) }) },
  { fn: 'cancelByTicket', label: '', payload: () => ({ ticket: 'A'.repeat(43), reservationNumber: 1 }) },
  { fn: 'checkInByTicket', label: '', payload: () => ({ ticket: 'A'.repeat(43), code: '1234' }) },
  { fn: 'subscribeTicketPush', label: '', payload: () => ({ ticket: 'A'.repeat(43), subscription: subscription() }) },
  // the entrance kiosk (decision 072): its two functions, and the staff's list and revoke
  { fn: 'getKioskState', label: '', payload: () => ({}) },
  { fn: 'takeKioskNumber', label: '', payload: () => ({}) },
  { fn: 'getKiosks', label: '', payload: () => ({}) },
  { fn: 'revokeKiosk', label: '', payload: () => ({ id: crypto.randomUUID() }) },
  {
    // The key staff hand the wall monitor: whoever holds it reads the code (a wrong key is PERMISSION_DENIED).
    fn: 'getMonitorCheckinCode',
    label: '',
    payload: async () => ({ monitorKey: (await mustCall<{ monitorKey: string }>(server.url, 'getArrivalSetup', {}, auth.staff)).monitorKey }),
  },
];

/** The declared rule for this case's call (a payload field may choose it). */
function ruleFor(c: Case): Rule {
  const access = functionAccess[c.fn];
  return typeof access === 'string' ? access : ruleOf(access, c.payload());
}

/** The refusal a caller must get under `rule`, or null when the call may go through. */
function expectedRefusal(rule: Rule, caller: CallerKind): ErrorCode | null {
  const bearer = caller === 'pwa' || caller === 'line' || caller === 'forged' || caller === 'expired';
  if (rule === 'anyone') return null;
  // A kiosk's cookie admits its own functions alone; a revoked one is told so, everyone else has no kiosk cookie.
  if (rule === 'kiosk') return caller === 'kiosk' ? null : caller === 'revokedKiosk' ? 'PERMISSION_DENIED' : 'UNAUTHENTICATED';
  if (rule === 'staff') return caller === 'staff' ? null : bearer ? 'PERMISSION_DENIED' : 'UNAUTHENTICATED';
  if (caller === 'pwa' || caller === 'line') return rule === 'patient' || rule === `${caller.toUpperCase()} patient` ? null : 'PERMISSION_DENIED';
  return 'UNAUTHENTICATED';
}

const cells = CASES.flatMap((c) => {
  const rule = ruleFor(c);
  return CALLERS.map((caller) => ({ c, caller, refusal: expectedRefusal(rule, caller) }));
});
const name = (c: Case) => `${c.fn}${c.label ? ` ${c.label}` : ''}`;

it('the table covers every function, and every value of a payload field that chooses who may call', () => {
  expect(new Set(CASES.map((c) => c.fn))).toEqual(new Set(FUNCTION_NAMES));
  for (const fn of FUNCTION_NAMES) {
    const access = functionAccess[fn];
    if (typeof access === 'string') continue;
    const values = CASES.filter((c) => c.fn === fn).map((c) => (c.payload() as Record<string, unknown>)[access.field]);
    expect(values.sort(), fn).toEqual(Object.keys(access.cases).sort());
  }
});

it('the cases meet every kind of rule the route enforces', () => {
  expect(new Set(CASES.map(ruleFor))).toEqual(new Set<Rule>(['anyone', 'staff', 'kiosk', 'patient', 'PWA patient', 'LINE patient']));
});

describe('refused cells', () => {
  // A refused call changes nothing (the first test holds every cell to that), so the cells share one clinic.
  beforeAll(startClinic);
  afterAll(stopClinic);

  it('change nothing, all of them together', async () => {
    const before = await queueSnapshotText(server.url);
    for (const { c, caller, refusal } of cells) {
      if (!refusal) continue;
      const answer = await callFn(server.url, c.fn, await c.payload(), auth[caller]);
      expect(errorCodeOf(answer), `${name(c)} as ${caller}`).toBe(refusal);
    }
    expect(await queueSnapshotText(server.url)).toBe(before);
  });

  it.each(cells.filter((cell) => cell.refusal).map((cell) => [name(cell.c), cell.caller, cell.refusal, cell.c] as const))(
    '%s as %s → %s',
    async (_fn, caller, refusal, c) => {
      expectRefusal(await callFn(server.url, c.fn, await c.payload(), auth[caller]), refusal!);
    },
  );
});

const allowed = cells.filter((cell) => !cell.refusal);

describe('allowed cells', () => {
  // Business refusals that the allowed cells may meet with the payloads above (never an auth refusal).
  const BUSINESS: ErrorCode[] = ['NOT_FOUND', 'FAILED_PRECONDITION', 'ALREADY_EXISTS'];
  // Each cell asserts only that its caller got past the access check: what other cells did to the
  // reception changes which business answer it gets, never whether it passes, so the cells share one clinic.
  // What the allowed allocations really did is checked on a clinic of its own, below.
  beforeAll(startClinic);
  afterAll(stopClinic);

  it.each(allowed.map((cell) => [name(cell.c), cell.caller, cell.c] as const))('%s as %s', async (_fn, caller, c) => {
    const answer = await callFn(server.url, c.fn, await c.payload(), auth[caller]);
    const code = errorCodeOf(answer);
    if (code) expect(BUSINESS, JSON.stringify(answer.body)).toContain(code);
  });
});

describe('allowed allocations', () => {
  beforeEach(startClinic);
  afterEach(stopClinic);

  it('the allowed allocations really took numbers', async () => {
    for (const { c, caller } of allowed.filter((cell) => cell.c.fn === 'allocateNextSlot')) {
      const answer = await callFn(server.url, c.fn, await c.payload(), auth[caller]);
      expect(errorCodeOf(answer), `${name(c)} as ${caller}: ${JSON.stringify(answer.body)}`).toBeNull();
    }
    const mine = await mustCall<{ reservation: { reservationNumber: number } | null }>(server.url, 'getMyReservation', {}, auth.pwa);
    expect(mine.reservation?.reservationNumber).toBeGreaterThan(0);
    const theirs = await mustCall<{ reservation: { reservationNumber: number } | null }>(server.url, 'getMyReservation', {}, auth.line);
    expect(theirs.reservation?.reservationNumber).toBeGreaterThan(0);
  });
});

describe('crossing patients', () => {
  beforeEach(startClinic);
  afterEach(stopClinic);

  it('a PWA token cannot allocate or cancel as LINE, nor a LINE token as PWA', async () => {
    const pwa = await pwaPatient(server.url);
    const line = await linePatient(server.url, fake);
    expectRefusal(await callFn(server.url, 'allocateNextSlot', { reservedType: 'LINE' }, { token: pwa.token }), 'PERMISSION_DENIED');
    expectRefusal(await callFn(server.url, 'allocateNextSlot', { reservedType: 'PWA' }, { token: line.token }), 'PERMISSION_DENIED');
    const taken = await mustCall<{ slotId: string; reservationNumber: number }>(
      server.url, 'allocateNextSlot', { reservedType: 'PWA' }, { token: pwa.token },
    );
    const cancelAsLine = { slotId: taken.slotId, reservationNumber: taken.reservationNumber, canceledBy: 'LINE' };
    expectRefusal(await callFn(server.url, 'cancelReservation', cancelAsLine, { token: pwa.token }), 'PERMISSION_DENIED');
  });

  it("cancelling someone else's reservation reads as NOT_FOUND and leaves it in place", async () => {
    const owner = await pwaPatient(server.url);
    const other = await pwaPatient(server.url);
    const line = await linePatient(server.url, fake);
    const taken = await mustCall<{ slotId: string; reservationNumber: number }>(
      server.url, 'allocateNextSlot', { reservedType: 'PWA' }, { token: owner.token },
    );
    const target = { slotId: taken.slotId, reservationNumber: taken.reservationNumber };
    expectRefusal(await callFn(server.url, 'cancelReservation', { ...target, canceledBy: 'PWA' }, { token: other.token }), 'NOT_FOUND', '予約が見つかりません');
    expectRefusal(await callFn(server.url, 'cancelReservation', { ...target, canceledBy: 'LINE' }, { token: line.token }), 'NOT_FOUND');
    // The right slot with the wrong number is no better.
    const wrongNumber = { ...target, reservationNumber: taken.reservationNumber + 1, canceledBy: 'PWA' };
    expectRefusal(await callFn(server.url, 'cancelReservation', wrongNumber, { token: owner.token }), 'NOT_FOUND');
    const mine = await mustCall<{ reservation: { slotId: string } | null }>(server.url, 'getMyReservation', {}, { token: owner.token });
    expect(mine.reservation?.slotId).toBe(taken.slotId);
    await mustCall(server.url, 'cancelReservation', { ...target, canceledBy: 'PWA' }, { token: owner.token });
    // Cancelled once: a second cancel finds nothing.
    expectRefusal(await callFn(server.url, 'cancelReservation', { ...target, canceledBy: 'PWA' }, { token: owner.token }), 'NOT_FOUND');
  });

  it('malformed Authorization headers are UNAUTHENTICATED, on staff functions PERMISSION_DENIED', async () => {
    for (const header of ['Bearer', 'Bearer ', 'Basic abc', 'bearer x.y.z', 'Bearer a b', `Bearer ${'x'.repeat(5000)}`]) {
      const response = await fetch(`${server.url}/api/fn/getMyReservation`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: header },
        body: '{"data":{}}',
      });
      expectRefusal({ status: response.status, body: await response.json() }, 'UNAUTHENTICATED');
      const staffOnly = await fetch(`${server.url}/api/fn/markSlot`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: header },
        body: '{"data":{"slotId":"x","action":"start"}}',
      });
      expectRefusal({ status: staffOnly.status, body: await staffOnly.json() }, 'PERMISSION_DENIED');
    }
  });
});

describe('live streams', () => {
  beforeEach(startClinic);
  afterEach(stopClinic);

  it('GET /api/live/admin refuses strangers and kiosks (401) and patients (403) in the envelope', async () => {
    const tries: [Record<string, string>, ErrorCode][] = [
      [{}, 'UNAUTHENTICATED'],
      [{ cookie: 'qs_staff=forged-session-token' }, 'UNAUTHENTICATED'],
      [{ authorization: `Bearer ${auth.pwa.token!}` }, 'PERMISSION_DENIED'],
      [{ authorization: `Bearer ${auth.line.token!}` }, 'PERMISSION_DENIED'],
      [{ authorization: `Bearer ${auth.forged.token!}` }, 'PERMISSION_DENIED'],
      [{ cookie: auth.kiosk.cookie! }, 'UNAUTHENTICATED'],
    ];
    for (const [headers, code] of tries) {
      const response = await fetch(`${server.url}/api/live/admin`, { headers });
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expectRefusal({ status: response.status, body: await response.json() }, code);
    }
  });

  it('GET /api/live/queue is public and never carries an owner id', async () => {
    // Numbers 1–3 taken by staff, the PWA patient and the LINE patient; the fourth by another LINE patient.
    await mustCall(server.url, 'allocateNextSlot', { reservedType: 'ADMIN' }, auth.staff);
    await mustCall(server.url, 'allocateNextSlot', { reservedType: 'PWA' }, auth.pwa);
    await mustCall(server.url, 'allocateNextSlot', { reservedType: 'LINE' }, auth.line);
    const line = await linePatient(server.url, fake);
    await mustCall(server.url, 'allocateNextSlot', { reservedType: 'LINE' }, { token: line.token });
    const frame = await queueSnapshotText(server.url);
    const snapshot = JSON.parse(frame) as { queue: unknown[] };
    expect(snapshot.queue.length).toBeGreaterThan(3);
    expect(frame).not.toMatch(/PWA_/);
    expect(frame).not.toMatch(/U[0-9a-f]{32}/);
    expect(frame).not.toContain(line.uid);
    for (const field of ['lineId', 'pwaId', 'owner', 'slotId', '"id"']) expect(frame).not.toContain(field);
  });
});
