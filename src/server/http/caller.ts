/** Who is calling: a patient (bearer token), staff (session cookie) or a stranger. */
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';
import type { PatientChannel } from '../../shared/queue/slot.js';
import type { Patient } from '../auth/patient-tokens.js';
import { findStaffSession, type Staff } from '../auth/staff-accounts.js';
import type { Deps } from './deps.js';
import type { PatientRule } from './function-def.js';
import { readKioskRow } from '../domain/kiosk/read.js';
import { decideKiosk } from '../domain/kiosk/rule.js';

/**
 * The staff session cookie. Over https it is `__Host-qs_staff`: the browser keeps it only if it is Secure,
 * for this host alone (no Domain) and the whole site (Path=/), so neither a sibling subdomain nor a page
 * served over plain http can set or overwrite it. Browsers refuse that prefix without Secure, so over plain
 * http (localhost, a LAN without TLS) the cookie keeps the plain name.
 */
export const STAFF_COOKIE = 'qs_staff';
export const SECURE_STAFF_COOKIE = `__Host-${STAFF_COOKIE}`;

/** Over https as the client sees it: TLS here, or X-Forwarded-Proto from a trusted proxy (TRUST_PROXY). */
export const overHttps = (request: FastifyRequest) => request.protocol === 'https';

/** The name this request's session cookie is set and cleared under. */
export const staffCookieName = (request: FastifyRequest) => (overHttps(request) ? SECURE_STAFF_COOKIE : STAFF_COOKIE);

/**
 * The session token the request carries. The plain cookie counts only on a request that did not arrive
 * over https: one planted over http (by a network attacker, or a sibling subdomain) must not ride an
 * https session.
 */
export function staffToken(request: FastifyRequest): string | undefined {
  return request.cookies[SECURE_STAFF_COOKIE] || (overHttps(request) ? undefined : request.cookies[STAFF_COOKIE]) || undefined;
}

/**
 * The patient behind the bearer token; UNAUTHENTICATED without one or with a bad one. Synchronous (the
 * token is checked in process): every patient call of the opening burst runs it.
 */
function requirePatient(request: FastifyRequest, deps: Deps): Patient {
  const header = request.headers.authorization;
  const match = header ? /^Bearer ([A-Za-z0-9._-]+)$/.exec(header) : null;
  if (!match) throw new AppError('UNAUTHENTICATED', header ? 'error.tokenInvalid' : 'error.signInRequired');
  const patient = deps.tokens.verify(match[1]);
  if (!patient) throw new AppError('UNAUTHENTICATED', 'error.tokenInvalid');
  return patient;
}

const RULE_CHANNEL: Record<PatientRule, PatientChannel | null> = { patient: null, 'LINE patient': 'LINE', 'PWA patient': 'PWA' };

/** A patient the rule admits: when it names a channel, a token of the other one is PERMISSION_DENIED. */
export function requirePatientFor(rule: PatientRule, request: FastifyRequest, deps: Deps): Patient {
  const patient = requirePatient(request, deps);
  const channel = RULE_CHANNEL[rule];
  if (channel !== null && patient.channel !== channel) throw new AppError('PERMISSION_DENIED', 'error.channelMismatch');
  return patient;
}

export async function currentStaff(request: FastifyRequest, deps: Deps): Promise<Staff | null> {
  const token = staffToken(request);
  return token ? findStaffSession(deps.store, token) : null;
}

/** Staff only: a patient's token is PERMISSION_DENIED, no credentials at all UNAUTHENTICATED. */
export async function requireStaff(request: FastifyRequest, deps: Deps): Promise<Staff> {
  const staff = await currentStaff(request, deps);
  if (staff) return staff;
  const code = request.headers.authorization ? 'PERMISSION_DENIED' : 'UNAUTHENTICATED';
  throw new AppError(code, 'error.staffOnly');
}

/**
 * The entrance kiosk's cookie (decision 072), named as the staff cookies are: `__Host-qs_kiosk` over https,
 * the plain name over http (where only a request that did not arrive over https may use it).
 */
export const KIOSK_COOKIE = 'qs_kiosk';
export const kioskCookieName = (request: FastifyRequest) => (overHttps(request) ? `__Host-${KIOSK_COOKIE}` : KIOSK_COOKIE);
const kioskCookie = (request: FastifyRequest) =>
  request.cookies[`__Host-${KIOSK_COOKIE}`] || (overHttps(request) ? undefined : request.cookies[KIOSK_COOKIE]) || undefined;

/** The kiosk a call comes from: its id and the name staff gave it. */
export interface Kiosk {
  id: string;
  name: string;
}

/**
 * A kiosk only: without its cookie (a staff browser, a patient, a stranger) UNAUTHENTICATED; with one staff
 * have revoked (or a store that no longer has it) the catalogue's error.kioskRevoked, read from its row on
 * every call so a revoke takes effect at the kiosk's next tap.
 */
export async function requireKiosk(request: FastifyRequest, deps: Deps): Promise<Kiosk> {
  const token = kioskCookie(request);
  const id = token ? await deps.kioskTokens.verify(token) : null;
  if (id === null) throw new AppError('UNAUTHENTICATED', 'error.kioskOnly');
  const row = decideKiosk(await readKioskRow(deps.store.db, id));
  return { id: row.id, name: row.name };
}
