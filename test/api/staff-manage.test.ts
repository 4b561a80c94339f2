/**
 * What `npm run staff -- disable|enable|remove|passwd` does, on both stores: each ends the account's
 * sessions and open admin streams (on PostgreSQL from another process too), and leaves an audit entry.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addStaffAccount, changeStaffAccount } from '../../src/server/auth/staff-accounts.js';
import { readAudit } from '../../src/server/domain/audit.js';
import type { Store } from '../../src/server/storage/port.js';
import { staffLogin } from '../support/client.js';
import { openSse } from '../support/sse.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { describeStores, openTestStore, type TestStore } from '../support/stores.js';

const password = 'correct horse battery';

describeStores('staff account management', (kind) => {
  let data: TestStore;
  let server: TestServer;
  /** Where the command runs: on PostgreSQL a second store, as the CLI is a second process. */
  let cli: Store;

  beforeEach(async () => {
    data = await openTestStore(kind);
    server = await startTestServer({ store: data.store });
    cli = kind === 'postgres' ? await data.reopen() : data.store;
    await addStaffAccount(data.store, 'desk', password);
    await addStaffAccount(data.store, 'other', password);
  });
  afterEach(async () => {
    await server.close();
    await data.cleanup();
  });

  const login = (username: string, pw = password) => staffLogin(server.url, username, pw);
  const me = async (cookie: string) => (await fetch(`${server.url}/api/staff/me`, { headers: { cookie } })).status;

  /** Opens an admin stream (resolves after its first snapshot); `ended` resolves 'stream ended' when the server closes it. */
  async function adminStream(cookie: string) {
    const viewer = await openSse(`${server.url}/api/live/admin`, { cookie });
    await viewer.next(); // the first snapshot
    return { ended: viewer.next(() => true, 10_000).then(() => 'event', (e: Error) => e.message) };
  }

  /** The newest account change in the audit trail (sign-ins are audited too). */
  const lastAudit = async () => (await readAudit(data.store, 100)).find((e) => e.action.startsWith('staff.'));

  it('disable ends the open session and admin stream, and refuses sign-in as a wrong password is refused', async () => {
    const { cookie } = await login('desk');
    const colleague = (await login('other')).cookie!;
    const { ended } = await adminStream(cookie!);
    expect(await changeStaffAccount(cli, 'desk', { action: 'disable' })).toBe(true);
    expect(await ended).toBe('stream ended');
    expect(await me(cookie!)).toBe(401);
    expect(await me(colleague)).toBe(200);
    const disabled = await login('desk');
    const wrong = await login('other', 'not the password');
    expect(disabled.status).toBe(401);
    expect(disabled.body).toEqual(wrong.body);
    expect(disabled.cookie).toBeUndefined();
    expect(await lastAudit()).toMatchObject({ username: 'cli', action: 'staff.disable', target: 'desk' });

    expect(await changeStaffAccount(cli, 'desk', { action: 'enable' })).toBe(true);
    const again = await login('desk');
    expect(again.status).toBe(200);
    expect(await me(again.cookie!)).toBe(200);
    expect(await lastAudit()).toMatchObject({ username: 'cli', action: 'staff.enable', target: 'desk' });
  });

  it('a session opened before the account was disabled is refused even if it were not deleted', async () => {
    const { cookie } = await login('desk');
    await data.store.db.updateTable('staff_accounts').set({ disabled_at: new Date().toISOString() }).where('username', '=', 'desk').execute();
    expect(await me(cookie!)).toBe(401);
  });

  it('passwd changes the password and ends the sessions', async () => {
    const { cookie } = await login('desk');
    const { ended } = await adminStream(cookie!);
    expect(await changeStaffAccount(cli, 'desk', { action: 'passwd', password: 'a new password' })).toBe(true);
    expect(await ended).toBe('stream ended');
    expect(await me(cookie!)).toBe(401);
    expect((await login('desk')).status).toBe(401);
    expect((await login('desk', 'a new password')).status).toBe(200);
    const entry = await lastAudit();
    expect(entry).toMatchObject({ username: 'cli', action: 'staff.passwd', target: 'desk' });
    expect(JSON.stringify(entry)).not.toContain('a new password');
  });

  it('passwd refuses a short password and changes nothing', async () => {
    const { cookie } = await login('desk');
    await expect(changeStaffAccount(cli, 'desk', { action: 'passwd', password: 'short' })).rejects.toThrow('at least 8');
    expect(await me(cookie!)).toBe(200);
    expect((await login('desk')).status).toBe(200);
  });

  it('remove deletes the account and its sessions; the audit trail keeps the name', async () => {
    const { cookie } = await login('desk');
    await fetch(`${server.url}/api/fn/startInhouseReception`, {
      method: 'POST',
      headers: { cookie: cookie!, 'content-type': 'application/json' },
      body: '{"data":{}}',
    });
    const { ended } = await adminStream(cookie!);
    expect(await changeStaffAccount(cli, 'desk', { action: 'remove' })).toBe(true);
    expect(await ended).toBe('stream ended');
    expect(await me(cookie!)).toBe(401);
    expect(await data.store.db.selectFrom('staff_accounts').select('id').where('username', '=', 'desk').execute()).toEqual([]);
    const removed = await login('desk');
    expect(removed.body).toEqual((await login('nobody')).body);
    const trail = await readAudit(data.store, 100);
    expect(await lastAudit()).toMatchObject({ username: 'cli', action: 'staff.remove', target: 'desk' });
    expect(trail.map((e) => [e.username, e.action])).toContainEqual(['desk', 'startInhouse']);
    // The name is free again.
    await addStaffAccount(cli, 'desk', password);
    expect((await login('desk')).status).toBe(200);
  });

  it('an unknown name changes nothing and is not audited', async () => {
    const before = await readAudit(data.store, 100);
    for (const action of ['disable', 'enable', 'remove'] as const) {
      expect(await changeStaffAccount(cli, 'nobody', { action })).toBe(false);
    }
    expect(await changeStaffAccount(cli, 'nobody', { action: 'passwd', password: 'long enough' })).toBe(false);
    expect(await readAudit(data.store, 100)).toEqual(before);
  });
});

describe('sign-in of a disabled account', () => {
  it('is refused with the same answer as an unknown name', async () => {
    const server = await startTestServer();
    try {
      await addStaffAccount(server.store, 'desk', password);
      await changeStaffAccount(server.store, 'desk', { action: 'disable' });
      const answers = await Promise.all(
        ['desk', 'nobody'].map(async (username) => {
          const { status, body } = await staffLogin(server.url, username, password);
          return { status, body };
        }),
      );
      expect(answers[0].status).toBe(401);
      expect(answers[0]).toEqual(answers[1]);
    } finally {
      await server.close();
    }
  });
});
