/**
 * Two clinics behind one test server (decision 078): `default` reached as a.example.jp and `clinic-b` as
 * b.example.jp. The server trusts 127.0.0.1 as its proxy, so a test names the host with X-Forwarded-Host, as
 * a clinic's reverse proxy would; `rawHostGet` sends a bare Host header instead, as a browser does directly.
 */
import { request as httpRequest } from 'node:http';
import type { Store } from '../../src/server/storage/port.js';
import { addClinic, addHost } from '../../src/server/ops/clinics.js';
import { addStaffAccount } from '../../src/server/auth/staff-accounts.js';
import type { FnAnswer } from './client.js';
import { openSse, type SseReader } from './sse.js';
import { startTestServer, type TestServer } from './server.js';
import { openTestStore, type StoreKind, type TestStore } from './stores.js';

export const HOST_A = 'a.example.jp';
export const HOST_B = 'b.example.jp';
export const CLINIC_B_NAME = 'さくら内科';
const PASSWORD = 'correct horse battery';

export interface ClinicSide {
  host: string;
  store: Store;
  call<T = unknown>(name: string, data?: unknown, auth?: { token?: string; cookie?: string }): Promise<FnAnswer<T>>;
  get(path: string, headers?: Record<string, string>): Promise<Response>;
  sse(path: string, headers?: Record<string, string>): Promise<SseReader>;
  /** Signs a new staff account of this clinic in through this clinic's host; the cookie header. */
  staff(): Promise<string>;
  /** A PWA patient signed in through this clinic's host. */
  patient(): Promise<{ uid: string; token: string }>;
}

export function clinicSide(server: TestServer, host: string, store: Store): ClinicSide {
  const headers = (more: Record<string, string> = {}) => ({ 'x-forwarded-host': host, ...more });
  const side: ClinicSide = {
    host,
    store,
    async call<T>(name: string, data: unknown = {}, auth: { token?: string; cookie?: string } = {}) {
      const response = await fetch(`${server.url}/api/fn/${name}`, {
        method: 'POST',
        headers: headers({
          'content-type': 'application/json',
          ...(auth.token && { authorization: `Bearer ${auth.token}` }),
          ...(auth.cookie && { cookie: auth.cookie }),
        }),
        body: JSON.stringify({ data }),
      });
      return { status: response.status, body: (await response.json()) as FnAnswer<T>['body'] };
    },
    get: (path, more) => fetch(`${server.url}${path}`, { headers: headers(more) }),
    sse: (path, more) => openSse(`${server.url}${path}`, headers(more)),
    async staff() {
      const username = `desk-${Math.random().toString(36).slice(2, 8)}`;
      await addStaffAccount(store, username, PASSWORD);
      const response = await fetch(`${server.url}/api/staff/login`, {
        method: 'POST',
        headers: headers({ 'content-type': 'application/json' }),
        body: JSON.stringify({ username, password: PASSWORD }),
      });
      const cookie = response.headers.getSetCookie()[0]?.split(';')[0];
      if (response.status !== 200 || !cookie) throw new Error(`staff sign-in at ${host}: ${response.status}`);
      return cookie;
    },
    async patient() {
      const answer = await side.call<{ uid: string; customToken: string }>('exchangePwaInstallation', { installId: crypto.randomUUID() });
      if (!('result' in answer.body)) throw new Error(`patient sign-in at ${host}: ${JSON.stringify(answer.body)}`);
      return { uid: answer.body.result.uid, token: answer.body.result.customToken };
    },
  };
  return side;
}

export interface TwoClinics {
  t: TestStore;
  server: TestServer;
  a: ClinicSide;
  b: ClinicSide;
  close(): Promise<void>;
}

/** `clientDir`: the built client, for browser tests of the pages each host serves. */
export async function startTwoClinics(kind: StoreKind, env: Record<string, string> = {}, clientDir?: string): Promise<TwoClinics> {
  const t = await openTestStore(kind);
  await addClinic(t.store, 'clinic-b', CLINIC_B_NAME, [HOST_B], new Date().toISOString());
  await addHost(t.store, 'default', HOST_A);
  const server = await startTestServer({ store: t.store, clientDir, env: { TRUST_PROXY: '127.0.0.1', RATE_LIMIT: 'off', ...env } });
  return {
    t,
    server,
    a: clinicSide(server, HOST_A, t.store),
    b: clinicSide(server, HOST_B, t.store.forClinic('clinic-b')),
    async close() {
      await server.close();
      await t.cleanup();
    },
  };
}

/** A GET with a bare Host header (fetch always sends the URL's own). */
export function rawHostGet(url: string, host: string): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers: { host } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type'] ?? ''), body }));
    });
    req.on('error', reject);
    req.end();
  });
}
