/**
 * Several clinics in one store (decision 077), on both stores: each clinic sees, writes and hears only its
 * own rows, the same keys live side by side in two clinics, and one clinic's held lock does not hold
 * another's write. On PostgreSQL, row-level security refuses another clinic's rows to a connection even
 * for SQL the scoping never saw.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import pg from 'pg';
import { sql } from 'kysely';
import { describePostgres, describeStores, openTestStore, type TestStore } from '../../../test/support/stores.js';
import type { ChangeNotice, Store } from './port.js';
import { createClinic } from './clinic-rows.js';

const NOW = '2026-12-02T00:00:00.000Z';

async function openSession(store: Store, id: string, numbers: number[]): Promise<void> {
  await store.write(async ({ tx }) => {
    await tx.insertInto('reception_sessions').values({ id, opened_at: NOW, closed_at: null }).execute();
    for (const n of numbers) {
      await tx
        .insertInto('reservation_slots')
        .values({
          id: `${id}-${n}`, session_id: id, reservation_number: n, is_reserved: 0, canceled: 0, canceled_at: null,
          is_reception_accepted: 0, reception_accepted_at: null, reserved_type: null, reserved_at: null, created_at: NOW,
          updated_at: NOW, owner_id: null, hold: 0, hold_at: null, canceled_line_at: null, canceled_pwa_at: null,
          notified_ahead_at: null, notified_at: null, ahead5_skipped_at: null, ahead5_skipped_reason: null,
          admin_confirmed_at: null, admin_beep_announced: 0, notice_threshold: 5, notice_lang: null, queue_position: n,
          absences: 0, absent_at: null, absent_places: null, absent_from_position: null, absent_undo: null, arrived_at: null,
          arrived_by: null, family_id: null, member_name: null, member_index: 0, notice_minutes: null, moved_from: null,
          queue_id: 'main', active_scope: '',
        })
        .execute();
    }
    await tx.updateTable('runtime').set({ current_session_id: id }).where('id', '=', 1).execute();
  });
}

const slotIds = async (store: Store) => (await store.db.selectFrom('reservation_slots').select('id').orderBy('id').execute()).map((r) => r.id);

describeStores('several clinics in one store', (kind) => {
  let t: TestStore;
  let a: Store;
  let b: Store;
  beforeEach(async () => {
    t = await openTestStore(kind);
    a = t.store;
    b = await createClinic(a, 'clinic-b', 'B医院', NOW);
  });
  afterEach(() => t.cleanup());

  it('keeps each clinic to its own rows, with the same keys in both', async () => {
    await openSession(a, 's-a', [1, 2, 3]);
    await openSession(b, 's-b', [1, 2]);
    expect(await slotIds(a)).toEqual(['s-a-1', 's-a-2', 's-a-3']);
    expect(await slotIds(b)).toEqual(['s-b-1', 's-b-2']);
    // Each has its runtime row 1 and its queue `main`: the same keys, two clinics.
    expect((await a.db.selectFrom('runtime').select('current_session_id').execute()).map((r) => r.current_session_id)).toEqual(['s-a']);
    expect((await b.db.selectFrom('runtime').select('current_session_id').execute()).map((r) => r.current_session_id)).toEqual(['s-b']);
    expect(await b.db.selectFrom('queues').select('id').execute()).toEqual([{ id: 'main' }]);
    // An update or delete of one clinic never reaches the other's rows.
    await b.db.updateTable('reservation_slots').set({ is_reserved: 1 }).execute();
    await b.db.deleteFrom('reservation_slots').where('reservation_number', '=', 1).execute();
    expect(await a.db.selectFrom('reservation_slots').select('id').where('is_reserved', '=', 1).execute()).toEqual([]);
    expect(await slotIds(a)).toEqual(['s-a-1', 's-a-2', 's-a-3']);
    expect(await slotIds(b)).toEqual(['s-b-2']);
    // A row id one clinic holds is not found by the other.
    expect(await b.db.selectFrom('reservation_slots').select('id').where('id', '=', 's-a-1').execute()).toEqual([]);
    expect(await a.deployment.selectFrom('clinics').select('id').orderBy('id').execute()).toEqual([{ id: 'clinic-b' }, { id: 'default' }]);
  });

  it('tells each clinic of its own changes only', async () => {
    const heard: Record<string, ChangeNotice[]> = { a: [], b: [] };
    const stopA = a.onChange((n) => heard.a!.push(n));
    const stopB = b.onChange((n) => heard.b!.push(n));
    await b.write(async ({ emit }) => emit({ type: 'settingsChanged' }));
    await expect.poll(() => heard.b!.length).toBe(1);
    expect(heard.b![0]).toMatchObject({ clinic: 'clinic-b' });
    await new Promise((r) => setTimeout(r, 100));
    expect(heard.a).toEqual([]);
    stopA();
    stopB();
  });

});

describePostgres('row-level security behind the scoping', () => {
  let t: TestStore;
  let role: pg.Client;
  let b: Store;
  beforeEach(async () => {
    t = await openTestStore('postgres');
    b = await createClinic(t.store, 'clinic-b', null, NOW);
    await openSession(t.store, 's-a', [1, 2, 3]);
    await openSession(b, 's-b', [1]);
    // The server's own role: not a superuser (superusers skip row security), owning nothing.
    const name = `app_${Math.random().toString(16).slice(2, 10)}`;
    await sql.raw(`create role ${name} login`).execute(t.store.deployment);
    await sql.raw(`grant select, insert on all tables in schema public to ${name}`).execute(t.store.deployment);
    const url = new URL(t.url!);
    url.username = name;
    role = new pg.Client({ connectionString: url.toString() });
    await role.connect();
  });
  afterEach(async () => {
    await role.end();
    await t.cleanup();
  });

  it('lets a clinic write while another clinic holds its clinic-wide lock', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let holding!: () => void;
    const isHolding = new Promise<void>((r) => (holding = r));
    const slow = t.store.write(async () => {
      holding();
      await held;
    });
    await isHolding;
    // B's clinic-wide write and a write of B's queue both complete while A's runtime row is held.
    await b.write(async ({ tx }) => tx.updateTable('runtime').set({ online_on: 1 }).where('id', '=', 1).execute());
    await b.write(async () => {}, { queue: 'main' });
    release();
    await slow;
    expect((await t.store.db.selectFrom('runtime').select('online_on').executeTakeFirstOrThrow()).online_on).toBe(0);
  });

  const count = async (sqlText = 'select count(*)::int as n from reservation_slots') => (await role.query<{ n: number }>(sqlText)).rows[0]!.n;

  it('shows a connection the rows of its clinic only, and nothing before it says whose it is', async () => {
    expect(await count()).toBe(0);
    await role.query(`select set_config('app.clinic', 'clinic-b', false)`);
    expect(await count()).toBe(1);
    await role.query(`select set_config('app.clinic', 'default', false)`);
    expect(await count()).toBe(3);
    expect(await count(`select count(*)::int as n from reservation_slots where id = 's-b-1'`)).toBe(0);
  });

  it("refuses to write a row of another clinic than the connection's", async () => {
    await role.query(`select set_config('app.clinic', 'clinic-b', false)`);
    await expect(role.query(`insert into pwa_users (clinic_id, uid, created_at) values ('default', 'u', 'now')`)).rejects.toThrow(/row-level security/);
    await role.query(`insert into pwa_users (clinic_id, uid, created_at) values ('clinic-b', 'u', 'now')`);
    expect(await count('select count(*)::int as n from pwa_users')).toBe(1);
  });
});
