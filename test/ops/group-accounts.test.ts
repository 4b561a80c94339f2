/**
 * The operator's group accounts (decision 081) on both stores: add, list, grant and revoke with their
 * refusals; a clinic removed takes its grants and handoffs with it; a clinic's export holds no group
 * account (its staff identity row goes along, and imports elsewhere as an ordinary signed-out row).
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { describeStores, openTestStore, type TestStore } from '../support/stores.js';
import * as clinics from '../../src/server/ops/clinics.js';
import * as groups from '../../src/server/ops/group-accounts.js';
import { consumeHandoff, createHandoff, findGroupSession, openGroupSession } from '../../src/server/groups/apply.js';

const NOW = '2026-12-02T00:00:00.000Z';
const PASSWORD = 'group password long';

describeStores('the operator’s group accounts', (kind) => {
  let t: TestStore;
  let other: TestStore | undefined;
  beforeEach(async () => {
    t = await openTestStore(kind);
    await clinics.addClinic(t.store, 'clinic-b', 'B医院', ['b.example.jp'], NOW);
  });
  afterEach(async () => {
    await t.cleanup();
    await other?.cleanup();
    other = undefined;
  });

  const account = async (username: string) =>
    t.store.deployment.selectFrom('group_accounts').select(['id', 'username']).where('username', '=', username).executeTakeFirstOrThrow();

  it('adds, lists, grants and revokes, refusing what is not right and changing nothing then', async () => {
    await groups.addGroupAccount(t.store, 'houjin', PASSWORD, ['clinic-b'], NOW);
    await expect(groups.addGroupAccount(t.store, 'houjin', PASSWORD, [], NOW)).rejects.toThrow(/already exists/);
    await expect(groups.addGroupAccount(t.store, 'bad@name', PASSWORD, [], NOW)).rejects.toThrow(/letters, digits/);
    await expect(groups.addGroupAccount(t.store, 'short', 'short', [], NOW)).rejects.toThrow(/at least 8/);
    await expect(groups.addGroupAccount(t.store, 'other', PASSWORD, ['clinic-x'], NOW)).rejects.toThrow(/no clinic clinic-x/);
    await expect(groups.grantClinic(t.store, 'houjin', 'clinic-b')).rejects.toThrow(/already/);
    await expect(groups.grantClinic(t.store, 'nobody', 'default')).rejects.toThrow(/no group account "nobody"/);
    await expect(groups.revokeClinic(t.store, 'houjin', 'default')).rejects.toThrow(/is not given the clinic default/);
    await groups.grantClinic(t.store, 'houjin', 'default');
    expect(await groups.listGroupAccounts(t.store)).toEqual([{ username: 'houjin', clinics: ['clinic-b', 'default'], createdAt: NOW, disabledAt: null }]);
    await groups.revokeClinic(t.store, 'houjin', 'clinic-b');
    expect((await groups.listGroupAccounts(t.store))[0]!.clinics).toEqual(['default']);
    // A new password ends the group sessions.
    const session = await openGroupSession(t.store, await account('houjin'), 1);
    await groups.setGroupPassword(t.store, 'houjin', 'another long password');
    expect(await findGroupSession(t.store, session)).toBeNull();
    await groups.removeGroupAccount(t.store, 'houjin');
    expect(await groups.listGroupAccounts(t.store)).toEqual([]);
    expect(await t.store.deployment.selectFrom('group_account_clinics').selectAll().execute()).toEqual([]);
  });

  it('removes a clinic’s grants and handoffs with the clinic', async () => {
    await groups.addGroupAccount(t.store, 'houjin', PASSWORD, ['clinic-b', 'default'], NOW);
    await createHandoff(t.store, await account('houjin'), 'clinic-b');
    await clinics.removeClinic(t.store, 'clinic-b');
    expect(await t.store.deployment.selectFrom('group_account_clinics').select('clinic_id').execute()).toEqual([{ clinic_id: 'default' }]);
    expect(await t.store.deployment.selectFrom('group_handoffs').selectAll().execute()).toEqual([]);
    expect((await groups.listGroupAccounts(t.store))[0]!.clinics).toEqual(['default']);
  });

  it('exports a clinic with no group account in it, its staff identity an ordinary row elsewhere', async () => {
    await groups.addGroupAccount(t.store, 'houjin', PASSWORD, ['clinic-b'], NOW);
    const houjin = await account('houjin');
    const hash = (await t.store.deployment.selectFrom('group_accounts').select('password_hash').executeTakeFirstOrThrow()).password_hash;
    const { token } = await createHandoff(t.store, houjin, 'clinic-b');
    const clinicB = t.store.forClinic('clinic-b');
    await consumeHandoff(clinicB, token, { hours: 1, from: '127.0.0.1' });
    const lines: string[] = [];
    await clinics.exportClinic(t.store, 'clinic-b', (line) => void lines.push(line));
    const text = lines.join('\n');
    expect(text).not.toContain('group_accounts');
    expect(text).not.toContain('group_sessions');
    expect(text).not.toContain('group_handoffs');
    expect(text).not.toContain(hash);
    expect(text).toContain('houjin@group');
    other = await openTestStore(kind);
    await clinics.importClinic(other.store, 'clinic-b', () => lines, { replace: false, now: NOW });
    expect(await other.store.deployment.selectFrom('group_accounts').selectAll().execute()).toEqual([]);
    const there = other.store.forClinic('clinic-b');
    expect(await there.db.selectFrom('staff_accounts').select(['username', 'group_account_id']).execute()).toEqual([{ username: 'houjin@group', group_account_id: houjin.id }]);
  });
});
