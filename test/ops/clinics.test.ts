/**
 * The operator's clinics (decision 077) on both stores, with the real domain writing in each clinic: add
 * with hosts, list, remove with every row gone (counted per table, before and after, the other clinic's
 * untouched), and export one clinic to lines that import into another deployment, ids kept.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { sql } from 'kysely';
import { describeStores, openTestStore, type TestStore } from '../support/stores.js';
import { openReception, takeSlot } from '../support/domain-store.js';
import type { Store } from '../../src/server/storage/port.js';
import { CLINIC_TABLES } from '../../src/server/storage/clinic-scope.js';
import { addStaffAccount } from '../../src/server/auth/staff-accounts.js';
import * as clinics from '../../src/server/ops/clinics.js';
import { setClinicLine } from '../../src/server/ops/clinic-line.js';

const NOW = '2026-12-02T00:00:00.000Z';

/** Rows per clinic table for each clinic, read across clinics by the deployment's own connection. */
async function rowsByClinic(store: Store): Promise<Record<string, Record<string, number>>> {
  const counts: Record<string, Record<string, number>> = {};
  for (const table of CLINIC_TABLES) {
    const rows = await sql<{ clinic_id: string; n: number | string }>`select clinic_id, count(*) as n from ${sql.table(table)} group by clinic_id`.execute(
      store.deployment,
    );
    for (const row of rows.rows) (counts[row.clinic_id] ??= {})[table] = Number(row.n);
  }
  return counts;
}

async function busyDay(store: Store, owner: string): Promise<string[]> {
  await openReception(store);
  const mine = await takeSlot(store, owner);
  const walkIn = await takeSlot(store, null);
  await addStaffAccount(store, 'uketsuke', 'long enough password');
  return [mine.slotId, walkIn.slotId];
}

describeStores('the operator’s clinics', (kind) => {
  let t: TestStore;
  let other: TestStore | undefined;
  beforeEach(async () => {
    t = await openTestStore(kind);
  });
  afterEach(async () => {
    await t.cleanup();
    await other?.cleanup();
    other = undefined;
  });

  it('adds a clinic with its hosts, refuses a taken host or a bad id, and lists them', async () => {
    await clinics.addClinic(t.store, 'clinic-b', 'B医院', ['Clinic-B.example.jp.'], NOW);
    await expect(clinics.addClinic(t.store, 'clinic-c', null, ['clinic-b.example.jp'], NOW)).rejects.toThrow(/already reaches the clinic clinic-b/);
    await expect(clinics.addClinic(t.store, 'Clinic C', null, [], NOW)).rejects.toThrow(/lower-case/);
    await expect(clinics.addHost(t.store, 'clinic-b', 'https://x.example.jp')).rejects.toThrow(/not a host name/);
    await clinics.setDisabled(t.store, 'clinic-b', true, NOW);
    expect(await clinics.listClinics(t.store)).toEqual([
      { id: 'clinic-b', name: 'B医院', hosts: ['clinic-b.example.jp'], createdAt: NOW, disabledAt: NOW },
      { id: 'default', name: null, hosts: [], createdAt: expect.any(String), disabledAt: null },
    ]);
    expect((await rowsByClinic(t.store))['clinic-c']).toBeUndefined();
  });

  it('removes a clinic with every row it had, and nothing of another', async () => {
    await clinics.addClinic(t.store, 'clinic-b', null, ['b.example.jp'], NOW);
    await busyDay(t.store, 'patient-1');
    await busyDay(t.store.forClinic('clinic-b'), 'patient-1');
    // Its own LINE channels (decision 079), and the default clinic's too, which must stay.
    for (const clinic of ['clinic-b', 'default']) await setClinicLine(t.store, clinic, 'CLINIC_NAME=B\nLINE_MESSAGING_CHANNEL_SECRET=s\n', 'a-server-secret-of-enough-length-000');
    const before = await rowsByClinic(t.store);
    expect(before['clinic-b']).toMatchObject({ runtime: 1, queues: 1, reception_sessions: 1, staff_accounts: 1, outbox: 1, line_channels: 1 });
    expect(before['clinic-b']!.reservation_slots).toBeGreaterThan(0);
    await expect(clinics.removeClinic(t.store, 'default')).rejects.toThrow(/disable it instead/);
    await clinics.removeClinic(t.store, 'clinic-b');
    const after = await rowsByClinic(t.store);
    expect(after['clinic-b']).toBeUndefined();
    expect(after.default).toEqual(before.default);
    expect(await clinics.listClinics(t.store)).toMatchObject([{ id: 'default' }]);
    expect(await t.store.deployment.selectFrom('clinic_hosts').selectAll().execute()).toEqual([]);
  });

  it('exports one clinic and imports it into another deployment with its ids, nothing of another clinic', async () => {
    await clinics.addClinic(t.store, 'clinic-b', null, [], NOW);
    await busyDay(t.store, 'patient-a');
    const ids = await busyDay(t.store.forClinic('clinic-b'), 'patient-b');
    const lines: string[] = [];
    await clinics.exportClinic(t.store, 'clinic-b', (line) => void lines.push(line));
    expect(lines.join('\n')).not.toContain('patient-a');
    other = await openTestStore(kind);
    const rows = await clinics.importClinic(other.store, 'clinic-b', () => lines, { replace: false, now: NOW });
    expect(rows).toBe(lines.length - 1);
    const here = other.store.forClinic('clinic-b');
    expect((await here.db.selectFrom('reservation_slots').select('id').where('is_reserved', '=', 1).orderBy('id').execute()).map((r) => r.id)).toEqual([...ids].sort());
    expect(await here.db.selectFrom('staff_accounts').select('username').execute()).toEqual([{ username: 'uketsuke' }]);
    // The deployment it came into keeps its own clinic untouched, and a second import needs --replace.
    expect(await other.store.db.selectFrom('reservation_slots').select('id').where('is_reserved', '=', 1).execute()).toEqual([]);
    await expect(clinics.importClinic(other.store, 'clinic-b', () => lines, { replace: false, now: NOW })).rejects.toThrow(/--replace/);
  });

  it('leaves no half-made clinic behind when the file is bad', async () => {
    await expect(clinics.importClinic(t.store, 'clinic-x', () => ['{"not":"a backup"}'], { replace: false, now: NOW })).rejects.toThrow();
    expect(await clinics.listClinics(t.store)).toMatchObject([{ id: 'default' }]);
    expect((await rowsByClinic(t.store))['clinic-x']).toBeUndefined();
  });
});
