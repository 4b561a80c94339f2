/**
 * The rest of the fuzzer's cases: both live streams, staff sign-in routes, stray paths, malformed HTTP on a
 * bare socket, and well-formed calls by real patients and staff that the rules must refuse. `anyProbe`
 * mixes them all with the function probes of fuzz-probes.ts.
 */
import fc from 'fast-check';
import type { FunctionName } from '../../src/shared/schemas/functions.js';
import { MARK_ACTIONS } from '../../src/shared/schemas/functions.js';
import type { Probe } from './fuzz-wire.js';
import {
  CONTENT_TYPES, credentialFor, functionProbe, headerValue, METHODS, originFor, PATIENT_FUNCTIONS, pct,
  text, value, type Credential, type World,
} from './fuzz-probes.js';

const utf8 = (s: string) => new TextEncoder().encode(s);
const json = (v: unknown) => utf8(JSON.stringify(v) ?? 'null');
const callHeaders = (cred: Credential, extra: Record<string, string> = {}) => ({ 'content-type': 'application/json', ...cred.headers, ...extra });

/** GET on the public stream is legitimate whatever else comes with it; everything else is refused. */
function streamProbe(w: World): fc.Arbitrary<Probe> {
  const notStaff = fc.oneof(credentialFor(w).filter((c) => c !== w.staff), fc.constant({ label: 'nobody', headers: {}, privileged: false }));
  return fc
    .record({
      stream: fc.constantFrom('queue', 'admin'),
      method: fc.oneof({ weight: 4, arbitrary: fc.constant('GET') }, fc.constantFrom(...METHODS)),
      cred: notStaff,
      query: fc.oneof(fc.constant(''), text.map((t) => `?${pct(t)}`), fc.constantFrom('?%ZZ', '?__proto__[admin]=1', '?lastEventId=-1')),
      extra: fc.dictionary(
        fc.constantFrom('last-event-id', 'accept', 'accept-encoding', 'cache-control', 'x-forwarded-for', 'range'),
        headerValue,
        { maxKeys: 3 },
      ),
      origin: originFor(w),
    })
    .map((r): Probe => {
      const readable = r.method === 'GET' || r.method === 'HEAD';
      return {
        label: `stream ${r.stream} ${r.method} as ${r.cred.label}`,
        method: r.method,
        path: `/api/live/${r.stream}${r.query}`,
        headers: { ...r.cred.headers, ...r.extra, ...(r.origin.origin !== undefined ? { origin: r.origin.origin } : {}) },
        may: r.stream === 'queue' && readable ? 'stream' : 'refuse',
        expect: r.stream === 'admin' && readable ? ['UNAUTHENTICATED', 'PERMISSION_DENIED'] : undefined,
      };
    });
}

/** Sign-in, sign-out and "who am I" with garbage; sign-out of a session that does not exist may say ok. */
function staffRouteProbe(w: World): fc.Arbitrary<Probe> {
  const login = fc.oneof(
    fc.record({ username: text, password: text }), // well-formed, wrong: argon2 runs, so keep these rare
    value,
    fc.record({ username: value, password: value }),
  );
  return fc
    .record({
      route: fc.constantFrom('login', 'logout', 'me'),
      method: fc.oneof({ weight: 4, arbitrary: fc.constant('POST') }, fc.constantFrom(...METHODS)),
      type: fc.constantFrom(...CONTENT_TYPES),
      cred: credentialFor(w).filter((c) => c !== w.staff),
      body: fc.oneof(
        login.map(json),
        fc.constantFrom({ everywhere: true }, { everywhere: 'true' }, [1], null).map(json),
        fc.uint8Array({ maxLength: 200 }),
      ),
    })
    .map((r): Probe => ({
      label: `staff ${r.route} ${r.method} as ${r.cred.label}`,
      method: r.method,
      path: `/api/staff/${r.route}`,
      headers: { ...r.cred.headers, 'content-type': r.type },
      body: r.method === 'GET' || r.method === 'HEAD' ? undefined : r.body,
      may: r.route === 'logout' ? 'ok' : 'refuse',
    }));
}

/** Paths nobody serves (no client is built for this server), with any method. */
function pathProbe(): fc.Arbitrary<Probe> {
  const segment = fc.oneof(text.map(pct), fc.constantFrom('%E0%A4%A', '%ZZ', '%00', '..', '.', '%2e%2e', '', 'api', 'fn', 'healthz', 'live'));
  return fc
    .record({
      method: fc.constantFrom(...METHODS),
      segments: fc.array(segment, { minLength: 1, maxLength: 4 }),
      prefix: fc.constantFrom('/api/', '/api/fn/x/', '/', '/api/live/', '//'),
    })
    .filter((r) => !/^\/(healthz|api\/client-config)$/.test(r.prefix + r.segments.join('/')))
    .map((r): Probe => ({ label: 'stray path', method: r.method, path: r.prefix + r.segments.join('/'), headers: {}, may: 'refuse' }));
}

/** Bytes that are not a well-formed HTTP request. */
function rawProbe(w: World): fc.Arbitrary<Probe> {
  const head = (lines: string[]) => utf8(`${lines.join('\r\n')}\r\n\r\n`);
  const malformed = fc.oneof(
    fc.uint8Array({ minLength: 1, maxLength: 2_000 }),
    fc.constantFrom(
      head(['POST /api/fn/getMyReservation HTTP/1.1', `Host: ${w.host}`, 'Content-Length: abc']),
      head(['POST /api/fn/getMyReservation HTTP/1.1', `Host: ${w.host}`, 'Content-Length: 5', 'Transfer-Encoding: chunked']),
      head(['GET /api/live/queue HTTP/9.9', `Host: ${w.host}`]),
      head(['GET /api/live/queue HTTP/1.1', `Host: ${w.host}`, `X-Big: ${'a'.repeat(20_000)}`]),
      head(['G\u0000T / HTTP/1.1']),
      head(['POST /api/fn/x HTTP/1.1', 'Bad Header Line']),
    ),
  );
  return malformed.map((raw): Probe => ({ label: 'malformed HTTP', method: 'RAW', path: '', headers: {}, raw, may: 'refuse' }));
}

/** Valid shapes, real credentials: refused by the rules, and each case says by which one. */
function businessProbe(w: World): fc.Arbitrary<Probe> {
  const call = (label: string, name: FunctionName, data: unknown, cred: Credential, expect: Probe['expect'], extra?: Record<string, string>): Probe => ({
    label, method: 'POST', path: `/api/fn/${name}`, headers: callHeaders(cred, extra), body: json({ data }), may: 'refuse', expect,
  });
  const unknownId = fc.oneof(text.filter((t) => t.length >= 1 && t.length <= 100), fc.uuid());
  const staffCall = fc.constantFrom<[FunctionName, (id: string) => unknown]>(
    ['markSlot', (slotId) => ({ slotId, action: 'start' })],
    ['claimAdminBeep', (slotId) => ({ slotId })],
    ['sendReservationMessageBySlot', (slotId) => ({ slotId, kind: 'recall' })],
  );
  const patients = fc.constantFrom(w.patientA, w.patientB, w.line);
  const stateChanges: [FunctionName, unknown][] = [
    ['startInhouseReception', {}],
    ['endInhouseReception', {}],
    ['endOnlineReception', {}],
    ['allocateNextSlot', { reservedType: 'ADMIN' }],
    ['markSlot', { slotId: w.slotA.id, action: 'delete' }],
    ['claimAdminBeep', { slotId: w.slotA.id }],
    ['setNoticeSettings', { lineAhead5: false, lineRecall: false }],
  ];
  const cancelA = (reservationNumber: number, canceledBy = 'PWA') => ({ slotId: w.slotA.id, reservationNumber, canceledBy });
  const subscription = { endpoint: 'https://fcm.googleapis.com/fcm/send/x', keys: { p256dh: 'BO8dzzd8sHhNks4Magf8yEuCzL0Skx9SLpmc3HbzV6IIKlrBiWfupDMD-RTxHRLFC31JIoHISOTpCWbpHHBfQJQ', auth: 'ntWPPzVLpxSN3hPZ58HeSw' } }; // a real P-256 point and 16-byte secret
  /** A well-formed payload of each patient function, to send with a bad token. */
  const patientPayload: Record<string, unknown> = {
    allocateNextSlot: { reservedType: 'PWA' },
    cancelReservation: cancelA(w.slotA.number),
    getMyReservation: {},
    saveSafariSubscription: { subscription },
    sendWebpushTest: { subscription, title: 't', body: 'b', link: '/' },
  };
  const number = fc.integer({ min: 1, max: 100_000 });
  return fc.oneof(
    number.map((n) => call("B cancels A's slot", 'cancelReservation', cancelA(n), w.patientB, 'NOT_FOUND')),
    number.filter((n) => n !== w.slotA.number).map((n) => call('A cancels with a wrong number', 'cancelReservation', cancelA(n), w.patientA, 'NOT_FOUND')),
    fc.constant(call('A cancels over LINE', 'cancelReservation', cancelA(w.slotA.number, 'LINE'), w.patientA, 'PERMISSION_DENIED')),
    fc.constant(call('A takes a second number', 'allocateNextSlot', { reservedType: 'PWA' }, w.patientA, 'ALREADY_EXISTS')),
    fc.constant(call('B books on the LINE channel', 'allocateNextSlot', { reservedType: 'LINE' }, w.patientB, 'PERMISSION_DENIED')),
    fc.constant(call('LINE books on the PWA channel', 'allocateNextSlot', { reservedType: 'PWA' }, w.line, 'PERMISSION_DENIED')),
    fc.constant(call('staff books for a patient', 'allocateNextSlot', { reservedType: 'PWA' }, w.staff, 'UNAUTHENTICATED')),
    fc.tuple(patients, fc.constantFrom(...stateChanges)).map(([cred, [name, data]]) =>
      call(`a patient calls ${name}`, name, data, cred, 'PERMISSION_DENIED')),
    // An id of visible ASCII that no slot has is not found; any other is bad input, refused before a query (decision 058).
    fc.tuple(staffCall, unknownId).map(([[name, data], id]) =>
      call(`staff ${name} on an unknown slot`, name, data(id), w.staff, /^[\x21-\x7e]+$/.test(id) ? 'NOT_FOUND' : 'INVALID_ARGUMENT'),
    ),
    fc.constantFrom(...MARK_ACTIONS).map((action) =>
      call('staff acts on a slot id with a suffix', 'markSlot', { slotId: `${w.slotA.id}%`, action }, w.staff, 'NOT_FOUND')),
    fc.constant(call('staff confirms a walk-in', 'markSlot', { slotId: w.walkIn.id, action: 'confirm' }, w.staff, 'FAILED_PRECONDITION')),
    fc.constant(call('staff recalls a walk-in', 'sendReservationMessageBySlot', { slotId: w.walkIn.id, kind: 'recall' }, w.staff, 'FAILED_PRECONDITION')),
    fc.constant(call('recall without Web Push', 'sendReservationMessageBySlot', { slotId: w.slotA.id, kind: 'recall' }, w.staff, 'FAILED_PRECONDITION')),
    // Cross-site request forgery: the real cookie, a valid state change, someone else's page.
    fc.tuple(fc.constantFrom(...stateChanges), fc.constantFrom('https://evil.example', 'null', `http://${w.host}.evil.example`))
      .map(([[name, data], origin]) => call(`forged ${name} from ${origin}`, name, data, w.staff, 'PERMISSION_DENIED', { origin })),
    // The same, as a form would post it: not JSON, so never parsed.
    fc.tuple(fc.constantFrom(...stateChanges), fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'))
      .map(([[name, data], type]) => call(`${name} posted as ${type}`, name, data, w.staff, 'INVALID_ARGUMENT', { 'content-type': type })),
    fc.tuple(fc.constantFrom(...PATIENT_FUNCTIONS), fc.constantFrom(...w.bad)).map(([name, cred]) =>
      call(`${name} with a ${cred.label} token`, name, patientPayload[name], cred, 'UNAUTHENTICATED')),
    // LINE itself (the fake) refuses codes and ID tokens it never issued.
    fc.tuple(fc.string({ minLength: 1, maxLength: 200 }), fc.string({ minLength: 1, maxLength: 200 })).map(([code, state]) =>
      call('a forged LINE code', 'exchangeLineCode', { code, state, redirectUri: 'https://clinic.example/line/callback' }, w.bad[0], 'UNAUTHENTICATED')),
    fc.string({ minLength: 20, maxLength: 2_000 }).map((idToken) =>
      call('a forged LINE ID token', 'exchangeLineIdToken', { idToken }, w.bad[0], 'UNAUTHENTICATED')),
  );
}

export function anyProbe(w: World): fc.Arbitrary<Probe> {
  return fc.oneof(
    { weight: 60, arbitrary: functionProbe(w) },
    { weight: 20, arbitrary: businessProbe(w) },
    { weight: 8, arbitrary: streamProbe(w) },
    { weight: 3, arbitrary: staffRouteProbe(w) },
    { weight: 5, arbitrary: pathProbe() },
    { weight: 2, arbitrary: rawProbe(w) },
  );
}
