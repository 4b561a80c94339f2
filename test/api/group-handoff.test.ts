/**
 * A group account opens one clinic's staff screen (decision 081), on both stores: the handoff URL from the
 * group host signs the browser in at that clinic's host as the account's staff identity there, audited; the
 * token is good once, for a short while, at its own clinic's host only; a clinic not given is refused as one
 * that does not exist; taking the clinic away or disabling the account ends the handed-off sessions.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { AuditEntry } from '../../src/shared/schemas/functions.js';
import { addClinic, setDisabled } from '../../src/server/ops/clinics.js';
import { grantClinic, revokeClinic, setGroupDisabled } from '../../src/server/ops/group-accounts.js';
import { describeStores } from '../support/stores.js';
import { HOST_A, HOST_B } from '../support/clinic-hosts.js';
import { addGroup, atHost, GROUP_HOST, type GroupClinics, startGroupClinics } from '../support/group-host.js';
import { expectRefusal } from './api-support.js';
import { must } from './clinic-isolation-setup.js';

describeStores('the handoff from the group page to a clinic', (kind) => {
  let s: GroupClinics;
  let group: string;
  beforeEach(async () => {
    s = await startGroupClinics(kind);
    await addClinic(s.t.store, 'clinic-c', 'みどり小児科', ['c.example.jp'], new Date().toISOString());
    await addGroup(s.t.store, 'houjin', ['clinic-b', 'default']);
    group = await s.login('houjin');
  });
  afterEach(async () => s?.close());

  /** A handoff for `clinicId` asked at the group host: the URL's host and token. */
  const handoff = async (clinicId: string) => {
    const answer = await s.group<{ result: { url: string } }>('POST', '/api/group/handoff', { body: { clinicId }, cookie: group });
    if (answer.status !== 200) throw new Error(JSON.stringify(answer.body));
    const url = new URL(answer.body.result.url);
    return { url, token: url.hash.slice(1) };
  };
  const present = (host: string, token: string) => atHost(s.server.url, host, 'POST', '/api/staff/handoff', { body: { token } });
  const me = (host: string, cookie: string) => atHost<{ result: { username: string; groupUrl?: string } }>(s.server.url, host, 'GET', '/api/staff/me', { cookie });

  it('signs in at the clinic host as the account’s staff identity there, audited, with the way back', async () => {
    const { url, token } = await handoff('clinic-b');
    expect(`${url.protocol}//${url.host}${url.pathname}`).toBe(`http://${HOST_B}/admin/handoff`);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const signedIn = await present(HOST_B, token);
    expect(signedIn.body).toEqual({ result: { username: 'houjin@group' } });
    expect(signedIn.setCookies[0]).toMatch(/^qs_staff=[^;]+;.*HttpOnly.*SameSite=Strict/i);
    const cookie = signedIn.cookie!;
    expect((await me(HOST_B, cookie)).body).toEqual({ result: { username: 'houjin@group', groupUrl: `http://${GROUP_HOST}/group/` } });
    // A staff function works there, and the audit trail says the sign-in came from the group page.
    await must(s.b, 'startInhouseReception', {}, { cookie });
    const audit = await must<{ entries: AuditEntry[] }>(s.b, 'getAuditLog', {}, { cookie });
    expect(audit.entries.map((e) => [e.username, e.action])).toEqual(
      expect.arrayContaining([
        ['houjin@group', 'groupHandoff'],
        ['houjin@group', 'startInhouse'],
      ]),
    );
    // A staff member's own sign-in carries no way to a group page; the handoff's session opens nothing at A.
    expect((await me(HOST_B, await s.b.staff())).body).toEqual({ result: { username: expect.stringMatching(/^desk-/) } });
    expectRefusal(await me(HOST_A, cookie), 'UNAUTHENTICATED');
    // A second handoff to the same clinic is the same staff identity, not a new one.
    expect((await present(HOST_B, (await handoff('clinic-b')).token)).status).toBe(200);
    const identities = await s.b.store.db.selectFrom('staff_accounts').select('username').where('group_account_id', 'is not', null).execute();
    expect(identities).toEqual([{ username: 'houjin@group' }]);
  });

  it('takes a token once, unexpired, at its own clinic’s host only; bad input changes nothing', async () => {
    const { token } = await handoff('clinic-b');
    expectRefusal(await present(HOST_A, token), 'UNAUTHENTICATED', '期限切れ');
    expectRefusal(await present(HOST_B, 'short'), 'INVALID_ARGUMENT');
    expect((await present(HOST_B, token)).status).toBe(200);
    expectRefusal(await present(HOST_B, token), 'UNAUTHENTICATED', '期限切れ');
    const late = await handoff('default');
    await s.t.store.deployment.updateTable('group_handoffs').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('clinic_id', '=', 'default').execute();
    expectRefusal(await present(HOST_A, late.token), 'UNAUTHENTICATED', '期限切れ');
    // None of the refusals made a staff identity at A.
    expect(await s.a.store.db.selectFrom('staff_accounts').select('username').where('username', '=', 'houjin@group').execute()).toEqual([]);
  });

  it('refuses a clinic not given exactly as one that does not exist, and a disabled one', async () => {
    const notGiven = await s.group('POST', '/api/group/handoff', { body: { clinicId: 'clinic-c' }, cookie: group });
    const unknown = await s.group('POST', '/api/group/handoff', { body: { clinicId: 'no-such-clinic' }, cookie: group });
    expectRefusal(notGiven, 'NOT_FOUND');
    expect(notGiven.body).toEqual(unknown.body);
    await setDisabled(s.t.store, 'clinic-b', true, new Date().toISOString());
    expectRefusal(await s.group('POST', '/api/group/handoff', { body: { clinicId: 'clinic-b' }, cookie: group }), 'NOT_FOUND');
    expectRefusal(await s.group('POST', '/api/group/handoff', { body: { clinic: 'clinic-b' }, cookie: group }), 'INVALID_ARGUMENT');
    expectRefusal(await s.group('POST', '/api/group/handoff', { body: { clinicId: 'default' } }), 'UNAUTHENTICATED');
    expect(await s.t.store.deployment.selectFrom('group_handoffs').selectAll().execute()).toEqual([]);
  });

  it('ends the handed-off sessions when the clinic is taken away or the account disabled', async () => {
    const inB = (await present(HOST_B, (await handoff('clinic-b')).token)).cookie!;
    const inA = (await present(HOST_A, (await handoff('default')).token)).cookie!;
    const pending = await handoff('clinic-b');
    await revokeClinic(s.t.store, 'houjin', 'clinic-b');
    expectRefusal(await me(HOST_B, inB), 'UNAUTHENTICATED');
    expectRefusal(await present(HOST_B, pending.token), 'UNAUTHENTICATED');
    expectRefusal(await s.group('POST', '/api/group/handoff', { body: { clinicId: 'clinic-b' }, cookie: group }), 'NOT_FOUND');
    expect((await me(HOST_A, inA)).status).toBe(200);
    // Given again, a token made before a disable is spent for nothing: the account is refused.
    await grantClinic(s.t.store, 'houjin', 'clinic-b');
    const beforeDisable = await handoff('clinic-b');
    await setGroupDisabled(s.t.store, 'houjin', true, new Date().toISOString());
    expectRefusal(await me(HOST_A, inA), 'UNAUTHENTICATED');
    expectRefusal(await present(HOST_B, beforeDisable.token), 'UNAUTHENTICATED');
    expectRefusal(await s.group('GET', '/api/group/me', { cookie: group }), 'UNAUTHENTICATED');
    expectRefusal(await s.group('POST', '/api/group/login', { body: { username: 'houjin', password: 'group password long' } }), 'UNAUTHENTICATED');
    const audit = await s.a.store.db.selectFrom('audit_log').select(['username', 'action', 'target']).where('action', '=', 'group.disable').execute();
    expect(audit).toEqual([{ username: 'cli', action: 'group.disable', target: 'houjin@group' }]);
  });
});
