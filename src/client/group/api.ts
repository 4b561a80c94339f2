/**
 * The group page's calls (src/shared/schemas/group.ts): plain JSON over fetch, the session being the group
 * cookie. A refusal becomes a GroupError carrying the server's catalogue text, shown as it comes (staff
 * screens read Japanese, docs/decisions/023).
 */
import type { ErrorBody, ErrorCode } from '../../shared/errors.js';
import type { GroupHandoff, GroupOverview } from '../../shared/schemas/group.js';
import type { StatsPeriod } from '../../shared/schemas/stats.js';
import { t } from '../ui/language.js';

/**
 * A refusal: the server's status and catalogue text. Not the function calls' FnError (api/fn.ts): importing
 * that module here would split it out of the patient screens' shared chunk and add a file to their first load.
 */
export class GroupError extends Error {
  constructor(
    readonly status: ErrorCode,
    message: string,
  ) {
    super(message);
  }
}

async function request<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new GroupError('UNAVAILABLE', t('error.unavailable'));
  }
  const json = (await response.json().catch(() => null)) as { result: T } | ErrorBody | null;
  if (json && 'result' in json) return json.result;
  if (json && 'error' in json) throw new GroupError(json.error.status, json.error.message);
  throw new GroupError('INTERNAL', t('error.internal'));
}

export const groupApi = {
  me: () => request<{ username: string }>('GET', '/api/group/me'),
  login: (username: string, password: string) => request<{ username: string }>('POST', '/api/group/login', { username, password }),
  logout: () => request<{ ok: true }>('POST', '/api/group/logout'),
  overview: (period: StatsPeriod, date: string) =>
    request<GroupOverview>('GET', `/api/group/overview?period=${period}&date=${encodeURIComponent(date)}`),
  handoff: (clinicId: string) => request<GroupHandoff>('POST', '/api/group/handoff', { clinicId }),
};

/** The session is gone (expired, or signed out elsewhere): the page goes back to its sign-in. */
export const signedOut = (err: unknown) => err instanceof GroupError && err.status === 'UNAUTHENTICATED';

/** What to show for a failed call: the server's text, or ours when the answer was not the server's. */
export const errorText = (err: unknown) => (err instanceof GroupError ? err.message : t('error.internal'));
