/**
 * Generators of hostile requests: every function with mutated, mistyped, oversized or prototype-polluting
 * payloads, forged and malformed credentials, wrong content types, garbage bytes, odd methods and paths;
 * both live streams; and valid-looking calls that business rules must refuse (someone else's slot, a
 * foreign Origin on a staff call). A request that could legitimately change the store is never generated:
 * `couldTakeEffect` asks the shared schemas, so "the store is unchanged" is a fair property.
 */
import { Buffer } from 'node:buffer';
import fc from 'fast-check';
import { envelopeSchema, FUNCTION_NAMES, type FunctionName, functionPayloads } from '../../src/shared/schemas/functions.js';
import type { Probe } from './fuzz-wire.js';

export interface Credential {
  label: string;
  headers: Record<string, string>;
  /** A real patient token or staff cookie: a valid payload with it would be a legitimate call. */
  privileged: boolean;
}

export interface World {
  /** `127.0.0.1:port`: what the Origin check compares with. */
  host: string;
  bad: Credential[];
  patientA: Credential;
  patientB: Credential;
  line: Credential;
  staff: Credential;
  /** Patient A's reservation and a staff walk-in, both in the current session. */
  slotA: { id: string; number: number };
  walkIn: { id: string; number: number };
}

/** Functions anyone may call whose success writes to the store (a new anonymous identity). */
const PUBLIC_WRITERS = new Set<FunctionName>(['exchangePwaInstallation']);
/** Functions anyone may call that answer with public data whatever credential comes with them. */
const PUBLIC_READERS = new Set<FunctionName>(['getPublicSchedule', 'getQueues']);
/** Percent-encodes the UTF-8 bytes of any string, lone surrogates included (encodeURIComponent throws on those). */
const pct = (s: string) =>
  Array.from(Buffer.from(s, 'utf8'), (b) => {
    const c = String.fromCharCode(b);
    return /[A-Za-z0-9_.~-]/.test(c) ? c : `%${b.toString(16).padStart(2, '0').toUpperCase()}`;
  }).join('');

const PATIENT_FUNCTIONS: FunctionName[] = ['allocateNextSlot', 'cancelReservation', 'getMyReservation', 'saveSafariSubscription', 'sendWebpushTest'];

const HOSTILE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf', '__defineGetter__', '', 'data', 'reservedType\u0000', 'ｓｌｏｔＩｄ'];
const NASTY_TEXT = ["' OR 1=1 --", '"; drop table runtime; --', '%', '_', '*', '\u202e\u0000', '\ud800', '../../etc/passwd', 'PWA_', 'ADMIN', '{{7*7}}', '${process.exit()}', '受付　番号', '🏥👩‍⚕️'];

const text = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(...NASTY_TEXT),
  // Long enough to test limits; the longest cross the 16 KB body limit.
  fc.tuple(fc.constantFrom('a', 'あ', '\\', '"', '😀', '\u0000'), fc.integer({ min: 100, max: 9_000 })).map(([c, n]) => c.repeat(n)),
);
const scalar = fc.oneof(text, fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.constantFrom(-1, 0, 1, 2 ** 53, -(2 ** 31), 1e308));
const value: fc.Arbitrary<unknown> = fc.oneof({ weight: 3, arbitrary: scalar }, fc.jsonValue({ maxDepth: 3 }), fc.array(scalar, { maxLength: 5 }));

/** A valid payload per function: the seed that mutations break. */
function seedPayload(name: FunctionName, w: World): Record<string, unknown> {
  const subscription = { endpoint: 'https://fcm.googleapis.com/fcm/send/x', keys: { p256dh: 'BO8dzzd8sHhNks4Magf8yEuCzL0Skx9SLpmc3HbzV6IIKlrBiWfupDMD-RTxHRLFC31JIoHISOTpCWbpHHBfQJQ', auth: 'ntWPPzVLpxSN3hPZ58HeSw' } }; // a real P-256 point and 16-byte secret
  const seeds: Partial<Record<FunctionName, Record<string, unknown>>> = {
    allocateNextSlot: { reservedType: 'PWA' },
    cancelReservation: { slotId: w.slotA.id, reservationNumber: w.slotA.number, canceledBy: 'PWA' },
    exchangePwaInstallation: { installId: '3b241101-e2bb-4255-8caf-4136c566a962' },
    exchangeLineCode: { code: 'c', state: 's', redirectUri: 'https://clinic.example/line/callback' },
    exchangeLineIdToken: { idToken: 'x'.repeat(40) },
    saveSafariSubscription: { subscription },
    sendWebpushTest: { subscription, title: 't', body: 'b', link: '/' },
    sendReservationMessageBySlot: { slotId: w.slotA.id, kind: 'recall' },
    markSlot: { slotId: w.slotA.id, action: 'start' },
    setNoticeSettings: { lineAhead5: false, lineRecall: false },
    claimAdminBeep: { slotId: w.slotA.id },
    getAuditLog: { limit: 10 },
    getStats: { period: 'month', date: '2026-11-10' },
    callSlot: { slotId: w.slotA.id },
    setCalloutSettings: { on: true, volume: 80, text: '{n}番の方どうぞ' },
  };
  return seeds[name] ?? {};
}

/** Own-property assignment: `__proto__` becomes a real JSON key instead of changing the prototype. */
function withKey(target: Record<string, unknown>, key: string, v: unknown): Record<string, unknown> {
  const copy = { ...target };
  Object.defineProperty(copy, key, { value: v, enumerable: true, configurable: true, writable: true });
  return copy;
}

const payloadFor = (name: FunctionName, w: World): fc.Arbitrary<unknown> => {
  const seed = seedPayload(name, w);
  const keys = Object.keys(seed);
  const anyKey = keys.length > 0 ? fc.oneof(fc.constantFrom(...keys), fc.constantFrom(...HOSTILE_KEYS)) : fc.constantFrom(...HOSTILE_KEYS);
  return fc.oneof(
    fc.tuple(anyKey, value).map(([k, v]) => withKey(seed, k, v)), // a field mistyped, or an extra one
    fc.tuple(anyKey, fc.constantFrom(...HOSTILE_KEYS), value).map(([k, inner, v]) => withKey(seed, k, withKey({}, inner, v))),
    keys.length > 0 ? fc.constantFrom(...keys).map((k) => Object.fromEntries(Object.entries(seed).filter(([key]) => key !== k))) : value,
    value, // no object at all
    fc.constant([seed]),
  );
};

/** The body as bytes: the envelope around a payload, or something that is not one. */
const bodyFor = (name: FunctionName, w: World): fc.Arbitrary<Uint8Array | undefined> => {
  const utf8 = (s: string) => new TextEncoder().encode(s);
  const envelope = fc.oneof(
    { weight: 6, arbitrary: payloadFor(name, w).map((data) => ({ data })) },
    fc.tuple(payloadFor(name, w), fc.constantFrom(...HOSTILE_KEYS, 'extra'), value).map(([data, k, v]) => withKey({ data }, k, v)),
    payloadFor(name, w), // the payload without its envelope
    value,
  );
  return fc.oneof(
    { weight: 8, arbitrary: envelope.map((e) => utf8(JSON.stringify(e) ?? 'undefined')) },
    fc.tuple(envelope, fc.nat()).map(([e, cut]) => {
      const json = JSON.stringify(e) ?? '';
      return utf8(json.slice(0, json.length > 0 ? cut % json.length : 0)); // truncated JSON
    }),
    envelope.map((e) => utf8(`\ufeff${JSON.stringify(e)}`)),
    envelope.map((e) => utf8(`${JSON.stringify(e)}\u0000garbage`)),
    fc.integer({ min: 1, max: 7_000 }).map((n) => utf8(`{"data":${'['.repeat(n)}${']'.repeat(n)}}`)), // deep nesting
    fc.uint8Array({ maxLength: 3_000 }), // garbage bytes
    fc.constant(undefined),
  );
};

const CONTENT_TYPES = [
  'application/json', 'application/json; charset=utf-8', 'application/json; charset=utf-16le', 'APPLICATION/JSON',
  'application/jsonx', 'application/vnd.api+json', 'text/plain', 'text/plain; charset=utf-8', 'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x', 'application/xml', 'application/octet-stream', '', '*/*',
];
/** Content types that might reach the JSON parser (generously: when in doubt, assume it does). */
const parsedAsJson = (type: string | undefined) => type !== undefined && /^\s*application\/json/i.test(type);

/** Header values as they travel: any string, sent as its UTF-8 bytes, with the bytes HTTP forbids removed. */
const headerValue = fc.oneof(text, fc.constantFrom(...NASTY_TEXT)).map((s) =>
  Buffer.from(s.slice(0, 4_000), 'utf8').toString('latin1').replace(/[^\t\x20-\x7e\x80-\xff]/g, ''),
);

function originFor(w: World): fc.Arbitrary<{ origin?: string; foreign: boolean }> {
  const hostOf = (o: string) => {
    try {
      return new URL(o).host;
    } catch {
      return null;
    }
  };
  return fc
    .oneof(
      { weight: 6, arbitrary: fc.constant(undefined) },
      { weight: 2, arbitrary: fc.constant(`http://${w.host}`) },
      fc.constantFrom('http://evil.example', 'null', 'https://127.0.0.1:1', 'file://', '', `http://${w.host}.evil.example`),
      headerValue,
    )
    .map((origin) => ({ origin, foreign: origin !== undefined && hostOf(origin) !== w.host }));
}

const credentialFor = (w: World) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...w.bad) },
    { weight: 2, arbitrary: fc.constantFrom(w.patientA, w.patientB, w.line, w.staff) },
    fc.tuple(fc.constantFrom('authorization', 'cookie'), headerValue).map(([name, v]): Credential => ({
      label: `random ${name}`,
      headers: { [name]: name === 'authorization' && v.length % 2 === 0 ? `Bearer ${v}` : name === 'cookie' ? `qs_staff=${v}` : v },
      privileged: false,
    })),
  );

const METHODS = ['GET', 'HEAD', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'PROPFIND', 'TRACE', 'SEARCH', 'POST'];
const UNKNOWN_NAMES = [
  '__proto__', 'constructor', 'hasOwnProperty', 'toString', 'AllocateNextSlot', 'allocateNextSlot%20', 'allocateNextSlot/',
  'allocateNextSlot%00', '..%2F..%2Fhealthz', '%00', '%E0%A4%A', '%ZZ', 'a'.repeat(300),
];

/** Could this request, if the server did everything right, legitimately change the store? */
function couldTakeEffect(name: string, method: string, type: string | undefined, body: Uint8Array | undefined, cred: Credential, foreign: boolean) {
  if (method !== 'POST' || foreign || !parsedAsJson(type) || !Object.hasOwn(functionPayloads, name)) return false;
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder().decode(body ?? new Uint8Array()).replace(/^\ufeff/, ''));
  } catch {
    return false;
  }
  const envelope = envelopeSchema.safeParse(parsed);
  if (!envelope.success) return false;
  if (!functionPayloads[name as FunctionName].safeParse(envelope.data.data ?? {}).success) return false;
  return cred.privileged || PUBLIC_WRITERS.has(name as FunctionName) || PUBLIC_READERS.has(name as FunctionName);
}

/** Any function, hostile everything; filtered so that no generated call may legitimately succeed. */
export function functionProbe(w: World): fc.Arbitrary<Probe> {
  const name = fc.oneof({ weight: 8, arbitrary: fc.constantFrom(...FUNCTION_NAMES) }, fc.oneof(fc.constantFrom(...UNKNOWN_NAMES), text.map(pct)));
  return fc
    .record({
      name,
      method: fc.oneof({ weight: 9, arbitrary: fc.constant('POST') }, fc.constantFrom(...METHODS)),
      type: fc.oneof({ weight: 6, arbitrary: fc.constant('application/json') }, fc.constantFrom(...CONTENT_TYPES), fc.constant(undefined)),
      cred: credentialFor(w),
      origin: originFor(w),
      query: fc.oneof({ weight: 9, arbitrary: fc.constant('') }, fc.constantFrom('?__proto__[x]=1', '?data=1', '?constructor.prototype.x=1', '?%ZZ')),
    })
    .chain((r) => bodyFor((FUNCTION_NAMES as string[]).includes(r.name) ? (r.name as FunctionName) : 'markSlot', w).map((body) => ({ ...r, body })))
    .filter((r) => !couldTakeEffect(r.name, r.method, r.type, r.body, r.cred, r.origin.foreign))
    .map((r): Probe => ({
      label: `fn ${r.name.slice(0, 40)} as ${r.cred.label}${r.origin.foreign ? ' from a foreign origin' : ''}`,
      method: r.method,
      path: `/api/fn/${r.name}${r.query}`,
      headers: { ...r.cred.headers, ...(r.type !== undefined ? { 'content-type': r.type } : {}), ...(r.origin.origin !== undefined ? { origin: r.origin.origin } : {}) },
      body: r.method === 'GET' || r.method === 'HEAD' ? undefined : r.body,
      may: 'refuse',
      // The Origin check is the first thing a routed write meets (an undecodable URL is refused before routing).
      expect: r.origin.foreign && !['GET', 'HEAD', 'OPTIONS'].includes(r.method) && (FUNCTION_NAMES as string[]).includes(r.name) ? 'PERMISSION_DENIED' : undefined,
    }));
}

export { pct, PATIENT_FUNCTIONS, CONTENT_TYPES, METHODS, headerValue, originFor, text, value, credentialFor };
