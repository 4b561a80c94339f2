/**
 * One clinic's real credentials and ids for the isolation test (clinic-isolation.test.ts): every kind of
 * credential it signs and every id it hands out, each made through its own host as its clients would.
 */
import { randomUUID } from 'node:crypto';
import type { FunctionName } from '../../src/shared/schemas/functions.js';
import { patientTokens } from '../../src/server/auth/patient-tokens.js';
import { clinicSecret } from '../../src/server/clinics/clinic-secret.js';
import { addStaffAccount } from '../../src/server/auth/staff-accounts.js';
import { type FakeLine, randomLineUserId } from '../fakes/line-server.js';
import type { ClinicSide } from '../support/clinic-hosts.js';
import type { TestServer } from '../support/server.js';
import { serverTokenSecret } from './api-support.js';

const PASSWORD = 'correct horse battery';

export interface Person {
  uid: string;
  token: string;
  slotId: string;
  number: number;
}

export interface ClinicIds {
  clinic: string;
  staff: { username: string; cookie: string; device: string };
  /** A PWA patient (its install id too) and a LINE patient, each holding a number. */
  pwa: Person & { installId: string };
  line: Person;
  /** A desk number with its printed ticket's token. */
  desk: { slotId: string; number: number; ticket: string };
  kiosk: { id: string; cookie: string };
  deskCode: string;
  monitorKey: string;
  monitorCode: string;
  announcementId: string;
}

/** Calls `name` at this side's host and answers its result, or throws with the refusal. */
export async function must<T>(side: ClinicSide, name: FunctionName, data: unknown, auth: { token?: string; cookie?: string } = {}): Promise<T> {
  const answer = await side.call<T>(name, data, auth);
  if (!('result' in answer.body)) throw new Error(`${name} at ${side.host}: ${JSON.stringify(answer.body)}`);
  return answer.body.result;
}

/** A LINE patient's token signed with the clinic's own key (no clinic here has a LINE channel to sign in through). */
export const lineToken = (server: TestServer, clinic: string, uid: string) =>
  patientTokens(clinicSecret(serverTokenSecret(server), clinic), 1).issue({ uid, channel: 'LINE' });

/** Signs a new staff account in at the side's host: the session cookie and the device cookie it leaves. */
async function signIn(server: TestServer, side: ClinicSide) {
  const username = `desk-${randomUUID().slice(0, 8)}`;
  await addStaffAccount(side.store, username, PASSWORD);
  const response = await fetch(`${server.url}/api/staff/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-host': side.host },
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  const set = response.headers.getSetCookie().map((c) => c.split(';')[0]);
  const cookie = set.find((c) => c.startsWith('qs_staff='));
  const device = set.find((c) => c.startsWith('qs_staff_device='));
  if (response.status !== 200 || !cookie || !device) throw new Error(`sign-in at ${side.host}: ${response.status}`);
  return { username, cookie, device };
}

/** A kiosk enrolled through the side's host by a staff member of its own (enrolling signs that session out). */
async function enrolKiosk(server: TestServer, side: ClinicSide) {
  const response = await fetch(`${server.url}/api/kiosk/enrol`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-host': side.host, cookie: await side.staff() },
    body: JSON.stringify({ name: '入口' }),
  });
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('qs_kiosk='))?.split(';')[0];
  const body = (await response.json()) as { result?: { id: string } };
  if (response.status !== 200 || !cookie || !body.result) throw new Error(`kiosk enrol at ${side.host}: ${JSON.stringify(body)}`);
  return { id: body.result.id, cookie };
}

/**
 * A LINE patient: through LINE Login at the fake where the clinic has a channel; else (no clinic but
 * `default` can have one yet) a token signed with the clinic's own key, as its LINE Login would sign it.
 */
async function linePatient(server: TestServer, side: ClinicSide, clinic: string, fake?: FakeLine): Promise<{ uid: string; token: string }> {
  const uid = randomLineUserId();
  if (!fake) return { uid, token: await lineToken(server, clinic, uid) };
  const redirectUri = `https://${side.host}/line/callback`;
  const code = fake.issueCode({ userId: uid, displayName: '山田 太郎', redirectUri });
  const signedIn = await must<{ customToken: string }>(side, 'exchangeLineCode', { code, state: 'state-1', redirectUri });
  return { uid, token: signedIn.customToken };
}

/** Reception open, a PWA, a LINE and a desk number taken, a ticket printed, a kiosk enrolled, an announcement up. */
export async function setUpClinic(server: TestServer, side: ClinicSide, clinic: string, fake?: FakeLine): Promise<ClinicIds> {
  const staff = await signIn(server, side);
  const asStaff = { cookie: staff.cookie };
  await must(side, 'startInhouseReception', {}, asStaff);
  await must(side, 'startOnlineReception', {}, asStaff);
  const take = async (reservedType: 'PWA' | 'LINE' | 'ADMIN', auth: { token?: string; cookie?: string }) => {
    const taken = await must<{ slotId: string; reservationNumber: number }>(side, 'allocateNextSlot', { reservedType }, auth);
    return { slotId: taken.slotId, number: taken.reservationNumber };
  };
  const installId = randomUUID();
  const pwaUser = await must<{ uid: string; customToken: string }>(side, 'exchangePwaInstallation', { installId });
  const pwa = { installId, uid: pwaUser.uid, token: pwaUser.customToken, ...(await take('PWA', { token: pwaUser.customToken })) };
  const lineUser = await linePatient(server, side, clinic, fake);
  const line = { ...lineUser, ...(await take('LINE', { token: lineUser.token })) };
  const deskSlot = await take('ADMIN', asStaff);
  const { token: ticket } = await must<{ token: string }>(side, 'issueTicket', { slotId: deskSlot.slotId }, asStaff);
  const arrival = await must<{ deskCode: string; monitorKey: string }>(side, 'getArrivalSetup', {}, asStaff);
  const { code: monitorCode } = await must<{ code: string }>(side, 'getMonitorCheckinCode', { monitorKey: arrival.monitorKey });
  const { announcementId } = await must<{ announcementId: string }>(side, 'setAnnouncement', { text: 'ただいま混み合っています', until: null }, asStaff);
  return {
    clinic,
    staff,
    pwa,
    line,
    desk: { ...deskSlot, ticket },
    kiosk: await enrolKiosk(server, side),
    deskCode: arrival.deskCode,
    monitorKey: arrival.monitorKey,
    monitorCode,
    announcementId,
  };
}

/** Everything of a clinic's that must never show in an answer given at another's host. */
export function secretsOf(ids: ClinicIds, clinicName: string): string[] {
  return [
    clinicName,
    ids.staff.cookie.split('=')[1]!,
    ids.staff.device.split('=')[1]!,
    ids.pwa.uid,
    ids.pwa.token,
    ids.pwa.slotId,
    ids.line.uid,
    ids.line.token,
    ids.line.slotId,
    ids.desk.slotId,
    ids.desk.ticket,
    ids.kiosk.id,
    ids.kiosk.cookie.split('=')[1]!,
    ids.deskCode,
    ids.monitorKey,
    ids.announcementId,
  ];
}
