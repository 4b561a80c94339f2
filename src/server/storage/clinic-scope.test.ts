import { describe, expect, it } from 'vitest';
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import type { Database } from './schema.js';
import { clinicScope } from './clinic-scope.js';

// Compiled only, never run: what the plugin makes of each statement shape the server writes.
const db = new Kysely<Database>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => new PostgresIntrospector(k),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
  plugins: [clinicScope('clinic-a')],
});

describe('clinicScope', () => {
  it('filters a read of a clinic table by the clinic', () => {
    const q = db.selectFrom('reservation_slots').select('id').where('session_id', '=', 's').compile();
    expect(q.sql).toBe('select "id" from "reservation_slots" where ("session_id" = $1) and "reservation_slots"."clinic_id" = $2');
    expect(q.parameters).toEqual(['s', 'clinic-a']);
  });

  it('filters a read without a where, by the alias when the table has one', () => {
    const q = db.selectFrom('outbox as o').select('o.id').compile();
    expect(q.sql).toBe('select "o"."id" from "outbox" as "o" where "o"."clinic_id" = $1');
  });

  it('puts the clinic of a joined table in its ON, so a left join keeps its meaning', () => {
    const q = db.selectFrom('outbox as o').leftJoin('reservation_slots as s', 's.id', 'o.slot_id').select(['o.id', 's.queue_id']).compile();
    expect(q.sql).toBe(
      'select "o"."id", "s"."queue_id" from "outbox" as "o" left join "reservation_slots" as "s" on ("s"."id" = "o"."slot_id") and "s"."clinic_id" = $1 where "o"."clinic_id" = $2',
    );
  });

  it('filters every subquery by the clinic as well', () => {
    const q = db
      .selectFrom('reservation_slots')
      .select((eb) => eb.selectFrom('runtime').select('current_session_id').where('runtime.id', '=', 1).as('current'))
      .compile();
    expect(q.sql).toContain('from "runtime" where ("runtime"."id" = $1) and "runtime"."clinic_id" = $2');
    expect(q.sql).toMatch(/"reservation_slots"\."clinic_id" = \$3$/);
  });

  it('scopes an update and a delete', () => {
    expect(db.updateTable('runtime').set({ online_on: 1 }).where('id', '=', 1).compile().sql).toBe(
      'update "runtime" set "online_on" = $1 where ("id" = $2) and "runtime"."clinic_id" = $3',
    );
    expect(db.deleteFrom('staff_sessions').compile().sql).toBe('delete from "staff_sessions" where "staff_sessions"."clinic_id" = $1');
  });

  it('gives every inserted row the clinic, and an ON CONFLICT target the clinic first', () => {
    const q = db
      .insertInto('pwa_users')
      .values([
        { uid: 'u1', created_at: 't' },
        { uid: 'u2', created_at: 't' },
      ])
      .onConflict((oc) => oc.column('uid').doNothing())
      .compile();
    expect(q.sql).toBe('insert into "pwa_users" ("clinic_id", "uid", "created_at") values ($1, $2, $3), ($4, $5, $6) on conflict ("clinic_id", "uid") do nothing');
    expect(q.parameters).toEqual(['clinic-a', 'u1', 't', 'clinic-a', 'u2', 't']);
  });

  it('leaves the deployment tables alone', () => {
    expect(db.selectFrom('clinics' as never).selectAll().compile().sql).toBe('select * from "clinics"');
  });

  it('refuses an insert that names a clinic itself', () => {
    expect(() => db.insertInto('pwa_users').values({ uid: 'u', created_at: 't', clinic_id: 'other' } as never).compile()).toThrow(/sets clinic_id itself/);
  });
});

describe('clinicScope and OR', () => {
  it('keeps a where of several alternatives inside the clinic', () => {
    const q = db
      .selectFrom('reservation_slots')
      .select('id')
      .where((eb) => eb('owner_id', '=', 'x').or('owner_id', '=', 'y'))
      .compile();
    expect(q.sql).toBe('select "id" from "reservation_slots" where (("owner_id" = $1 or "owner_id" = $2)) and "reservation_slots"."clinic_id" = $3');
  });
});

describe('clinicScope on answers', () => {
  it('answers rows without the clinic column, so a selectAll reads as before', async () => {
    const plugin = clinicScope('clinic-a');
    const result = await plugin.transformResult({
      queryId: { queryId: 'q' },
      result: { rows: [{ clinic_id: 'clinic-a', id: 1, online_on: 0 }] },
    });
    expect(result.rows).toEqual([{ id: 1, online_on: 0 }]);
  });
});
