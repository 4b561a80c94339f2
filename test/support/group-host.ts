/**
 * Two clinics behind one test server with the deployment's group host (decision 081): `group.example.jp`
 * as GROUP_HOST, beside startTwoClinics' a.example.jp (`default`) and b.example.jp (`clinic-b`). A request
 * names its host with X-Forwarded-Host, as the reverse proxy would.
 */
import type { Store } from '../../src/server/storage/port.js';
import { addGroupAccount } from '../../src/server/ops/group-accounts.js';
import { startTwoClinics, type TwoClinics } from './clinic-hosts.js';
import type { StoreKind } from './stores.js';

export const GROUP_HOST = 'group.example.jp';
export const GROUP_PASSWORD = 'group password long';

export interface HostAnswer<T = unknown> {
  status: number;
  body: T;
  /** The first Set-Cookie's name=value, if any. */
  cookie: string | undefined;
  setCookies: string[];
}

/** One request at `host`: JSON both ways when there is a body. */
export async function atHost<T = unknown>(
  url: string,
  host: string,
  method: 'GET' | 'POST',
  path: string,
  { body, cookie, headers = {} }: { body?: unknown; cookie?: string; headers?: Record<string, string> } = {},
): Promise<HostAnswer<T>> {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: {
      'x-forwarded-host': host,
      ...(body !== undefined && { 'content-type': 'application/json' }),
      ...(cookie && { cookie }),
      ...headers,
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // a page, not JSON
  }
  const setCookies = response.headers.getSetCookie();
  return { status: response.status, body: parsed as T, cookie: setCookies[0]?.split(';')[0], setCookies };
}

export interface GroupClinics extends TwoClinics {
  group<T = unknown>(method: 'GET' | 'POST', path: string, options?: { body?: unknown; cookie?: string; headers?: Record<string, string> }): Promise<HostAnswer<T>>;
  /** Signs `username` in at the group host; its cookie. */
  login(username: string): Promise<string>;
}

export async function startGroupClinics(kind: StoreKind, env: Record<string, string> = {}): Promise<GroupClinics> {
  const two = await startTwoClinics(kind, { GROUP_HOST, ...env });
  const group: GroupClinics['group'] = (method, path, options) => atHost(two.server.url, GROUP_HOST, method, path, options);
  return {
    ...two,
    group,
    async login(username) {
      const answer = await group('POST', '/api/group/login', { body: { username, password: GROUP_PASSWORD } });
      if (answer.status !== 200 || !answer.cookie) throw new Error(`group sign-in: ${answer.status} ${JSON.stringify(answer.body)}`);
      return answer.cookie;
    },
  };
}

/** A group account given `clinics`, with GROUP_PASSWORD. */
export const addGroup = (store: Store, username: string, clinics: string[]) => addGroupAccount(store, username, GROUP_PASSWORD, clinics, new Date().toISOString());
