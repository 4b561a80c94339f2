/** An open admin stream carries patient ids: it must end as soon as its staff session does. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addStaffAccount } from '../../src/server/auth/staff-accounts.js';
import { openSse } from '../support/sse.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
  await addStaffAccount(server.store, 'desk', 'correct horse battery');
  await addStaffAccount(server.store, 'other', 'correct horse battery');
});
afterEach(async () => server.close());

async function login(username = 'desk'): Promise<string> {
  const response = await fetch(`${server.url}/api/staff/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'correct horse battery' }),
  });
  return response.headers.getSetCookie()[0].split(';')[0];
}

const logout = (cookie: string, body: unknown = {}) =>
  fetch(`${server.url}/api/staff/logout`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify(body) });

async function adminViewer(cookie: string) {
  const viewer = await openSse(`${server.url}/api/live/admin`, { cookie });
  await viewer.next(); // the first snapshot
  return viewer;
}

/** Resolves 'ended' once the server closes the stream; nothing else arrives before that here. */
const outcome = (viewer: Awaited<ReturnType<typeof adminViewer>>) => viewer.next(() => true, 10_000).then(() => 'event', (e: Error) => e.message);

describe('admin streams follow their staff session', () => {
  it('ends the stream of a session that signs out, and leaves other sessions streaming', async () => {
    const mine = await login();
    const colleague = await login('other');
    const [a, b] = [await adminViewer(mine), await adminViewer(colleague)];
    const ended = outcome(a);
    await logout(mine);
    expect(await ended).toBe('stream ended');
    expect((await fetch(`${server.url}/api/live/admin`, { headers: { cookie: mine } })).status).toBe(401);
    await logout(await login('other')); // another session's sign-out re-checks b: still valid, still streaming
    expect(await outcome(b)).toBe('event');
    b.close();
  });

  it('signs one person out everywhere: every session and stream of theirs ends', async () => {
    const first = await login();
    const second = await login();
    const viewers = [await adminViewer(first), await adminViewer(second)];
    const ended = viewers.map(outcome);
    const answer = await logout(first, { everywhere: true });
    expect(answer.status).toBe(200);
    expect(await Promise.all(ended)).toEqual(['stream ended', 'stream ended']);
    expect((await fetch(`${server.url}/api/staff/me`, { headers: { cookie: second } })).status).toBe(401);
  });

  it('ends the stream of a session that has expired', async () => {
    const viewer = await adminViewer(await login());
    const ended = outcome(viewer);
    await server.store.db.updateTable('staff_sessions').set({ expires_at: new Date(0).toISOString() }).execute();
    // Any sign-out makes every process re-check at once (the periodic re-check does the same, later).
    await logout(await login('other'));
    expect(await ended).toBe('stream ended');
  });
});
