/** A tiny client for the wire contract: calls functions as outside clients do, over real HTTP. */
import { randomUUID } from 'node:crypto';
import type { ErrorBody } from '../../src/shared/errors.js';

export type FnAnswer<T = unknown> = { status: number; body: { result: T } | ErrorBody };

export async function callFn<T = unknown>(
  baseUrl: string,
  name: string,
  data: unknown = {},
  auth: { token?: string; cookie?: string } = {},
): Promise<FnAnswer<T>> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (auth.token) headers.authorization = `Bearer ${auth.token}`;
  if (auth.cookie) headers.cookie = auth.cookie;
  const response = await fetch(`${baseUrl}/api/fn/${name}`, { method: 'POST', headers, body: JSON.stringify({ data }) });
  return { status: response.status, body: (await response.json()) as FnAnswer<T>['body'] };
}

/** The result, or a thrown error naming the refusal. */
export async function mustCall<T = unknown>(...args: Parameters<typeof callFn>): Promise<T> {
  const answer = await callFn<T>(...args);
  if ('error' in answer.body) throw new Error(`${args[1]} refused: ${JSON.stringify(answer.body.error)}`);
  return answer.body.result;
}

export async function pwaPatient(baseUrl: string): Promise<{ uid: string; token: string }> {
  const result = await mustCall<{ uid: string; customToken: string }>(baseUrl, 'exchangePwaInstallation', {
    installId: randomUUID(),
  });
  return { uid: result.uid, token: result.customToken };
}

/** Many patients, minted a few dozen at a time: minting is set-up, not the load a test puts on the server. */
export async function pwaPatients(baseUrl: string, count: number): Promise<{ uid: string; token: string }[]> {
  const patients: { uid: string; token: string }[] = [];
  while (patients.length < count) {
    const batch = Math.min(50, count - patients.length);
    patients.push(...(await Promise.all(Array.from({ length: batch }, () => pwaPatient(baseUrl)))));
  }
  return patients;
}

export interface StaffLoginAnswer {
  status: number;
  body: unknown;
  /** The session cookie as a request header (`name=value`), whichever name the server chose; undefined when refused. */
  cookie: string | undefined;
}

/** Signs in over HTTP as a browser would; `headers` add e.g. X-Forwarded-For behind a trusted proxy. */
export async function staffLogin(baseUrl: string, username: string, password: string, headers: Record<string, string> = {}): Promise<StaffLoginAnswer> {
  const response = await fetch(`${baseUrl}/api/staff/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ username, password }),
  });
  const cookie = response.headers.getSetCookie()[0]?.split(';')[0];
  return { status: response.status, body: (await response.json()) as unknown, cookie };
}

/** Creates a staff account straight in the store and signs in over HTTP; returns the cookie header. */
export async function staffCookie(baseUrl: string, store: import('../../src/server/storage/port.js').Store): Promise<string> {
  const { addStaffAccount } = await import('../../src/server/auth/staff-accounts.js');
  const username = `staff-${randomUUID().slice(0, 8)}`;
  await addStaffAccount(store, username, 'correct horse battery');
  const { status, cookie } = await staffLogin(baseUrl, username, 'correct horse battery');
  if (status !== 200) throw new Error(`login failed: ${status}`);
  if (!cookie?.startsWith('qs_staff=')) throw new Error('no staff cookie');
  return cookie;
}

/** What staff making a browser a kiosk get back (POST /api/kiosk/enrol): every Set-Cookie and the answer. */
export async function enrolKiosk(baseUrl: string, staff: string, name = '入口'): Promise<{ status: number; body: unknown; setCookies: string[] }> {
  const response = await fetch(`${baseUrl}/api/kiosk/enrol`, { method: 'POST', headers: { 'content-type': 'application/json', cookie: staff }, body: JSON.stringify({ name }) });
  return { status: response.status, body: (await response.json()) as unknown, setCookies: response.headers.getSetCookie() };
}

/** A kiosk's cookie header (`qs_kiosk=…`), made by a staff member of its own (enrolling signs that session out). */
export async function kioskCookie(baseUrl: string, store: import('../../src/server/storage/port.js').Store, name = '入口'): Promise<{ cookie: string; id: string }> {
  const { status, body, setCookies } = await enrolKiosk(baseUrl, await staffCookie(baseUrl, store), name);
  const cookie = setCookies.find((c) => c.startsWith('qs_kiosk='))?.split(';')[0];
  if (status !== 200 || !cookie) throw new Error(`kiosk enrol failed: ${status} ${JSON.stringify(body)}`);
  return { cookie, id: (body as { result: { id: string } }).result.id };
}
