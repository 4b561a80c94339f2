/**
 * The group writes on both stores (decision 081): a handoff presented twice at once signs in once; one
 * presented at another clinic is not spent; a right password opens a group session and a disabled account
 * none; the first handoff makes the clinic's staff identity, whose hash never verifies.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { describeStores, openTestStore, type TestStore } from '../../../test/support/stores.js';
import { addClinic } from '../ops/clinics.js';
import { addGroupAccount, setGroupDisabled } from '../ops/group-accounts.js';
import { checkStaffPassword, findStaffSession } from '../auth/staff-accounts.js';
import { AppError } from '../errors.js';
import { checkGroupLogin, consumeHandoff, createHandoff, findGroupSession, openGroupSession, type GroupAccount } from './apply.js';

const PASSWORD = 'group password long';
const NOW = new Date().toISOString();

describeStores('group writes', (kind) => {
  let t: TestStore;
  let account: GroupAccount;
  beforeEach(async () => {
    t = await openTestStore(kind);
    await addClinic(t.store, 'clinic-b', null, ['b.example.jp'], NOW);
    await addGroupAccount(t.store, 'houjin', PASSWORD, ['clinic-b', 'default'], NOW);
    account = await t.store.deployment.selectFrom('group_accounts').select(['id', 'username']).executeTakeFirstOrThrow();
  });
  afterEach(async () => t.cleanup());

  const outcome = (p: Promise<unknown>) => p.then(() => 'ok', (e: unknown) => (e instanceof AppError ? e.messageKey : String(e)));

  it('spends a handoff once however many present it at once', async () => {
    const clinic = t.store.forClinic('clinic-b');
    const { token } = await createHandoff(t.store, account, 'clinic-b');
    const tries = await Promise.all(Array.from({ length: 5 }, () => outcome(consumeHandoff(clinic, token, { hours: 1, from: 'test' }))));
    expect(tries.sort()).toEqual(['error.handoffExpired', 'error.handoffExpired', 'error.handoffExpired', 'error.handoffExpired', 'ok']);
    expect(await clinic.db.selectFrom('staff_sessions').selectAll().execute()).toHaveLength(1);
  });

  it('leaves a handoff unspent at another clinic, and makes one staff identity that no password opens', async () => {
    const { token } = await createHandoff(t.store, account, 'clinic-b');
    expect(await outcome(consumeHandoff(t.store, token, { hours: 1, from: 'test' }))).toBe('error.handoffExpired');
    const clinic = t.store.forClinic('clinic-b');
    const { session, username } = await consumeHandoff(clinic, token, { hours: 1, from: 'test' });
    expect(username).toBe('houjin@group');
    expect(await findStaffSession(clinic, session)).toMatchObject({ username: 'houjin@group' });
    expect(await findStaffSession(t.store, session)).toBeNull();
    expect(await checkStaffPassword(clinic, 'houjin@group', '!group-handoff-only')).toBeNull();
    expect(await t.store.db.selectFrom('staff_accounts').selectAll().execute()).toEqual([]);
  });

  it('opens a group session for the right password of an enabled account only', async () => {
    expect(await checkGroupLogin(t.store, 'houjin', 'wrong password', {})).toBeNull();
    const found = await checkGroupLogin(t.store, 'houjin', PASSWORD, {});
    expect(found).toEqual(account);
    const session = await openGroupSession(t.store, account, 1);
    expect(await findGroupSession(t.store, session)).toEqual(account);
    expect(await findGroupSession(t.store, session, new Date(Date.now() + 2 * 3600_000))).toBeNull();
    await setGroupDisabled(t.store, 'houjin', true, NOW);
    expect(await checkGroupLogin(t.store, 'houjin', PASSWORD, {})).toBeNull();
    expect(await findGroupSession(t.store, session)).toBeNull();
  });
});
