/**
 * 0031: many clinics on one deployment (decision 077). The deployment's own tables: `clinics` and the host
 * names that reach each (`clinic_hosts`). Every clinic table gains `clinic_id` as the leading column of its
 * primary key, of each unique key, foreign key and index (so a clinic's rows sit together and a table can
 * later be spread over databases by clinic); the rows already there become the clinic `default`'s, which is
 * the one clinic of every store before this. The column has no default: a statement that does not name its
 * clinic fails instead of landing in one. On PostgreSQL each clinic table also gets row-level security,
 * forced on its owner: a connection sees the rows of the clinic it set (`app.clinic`) and no other.
 *
 * The tables are rebuilt from the catalogue, not from a hand-written copy of each: the same code keeps every
 * column, default, key and index exactly as the earlier migrations left them.
 */
import { type Kysely, type Migration, sql } from 'kysely';
import { CLINIC_COLUMN, CLINIC_TABLES } from './clinic-scope.js';

/**
 * The clinic tables there were when 0031 ran: CLINIC_TABLES as it was then. A table a later migration creates
 * (0032's line_channels) is born with its clinic and is not rebuilt here, nor may this migration change with it.
 */
const LATER_TABLES: ReadonlySet<string> = new Set(['line_channels']);

export const DEFAULT_CLINIC = 'default';

export const clinicsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('clinics')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('disabled_at', 'text')
      .execute();
    await db.schema
      .createTable('clinic_hosts')
      .addColumn('host', 'text', (c) => c.primaryKey())
      .addColumn('clinic_id', 'text', (c) => c.notNull().references('clinics.id'))
      .execute();
    await db.schema.createIndex('clinic_hosts_clinic').on('clinic_hosts').column('clinic_id').execute();
    await sql`insert into clinics (id, name, created_at) values (${DEFAULT_CLINIC}, null, ${new Date().toISOString()})`.execute(db);
    await addClinicColumn(db, [...CLINIC_TABLES].filter((t) => !LATER_TABLES.has(t)));
  },
};

/**
 * Gives `tables` the clinic as the leading column of every key, their rows the clinic `default`'s (and on
 * PostgreSQL row security). Exported for a test that rebuilds an older table's shape and migrates it on.
 */
export async function addClinicColumn(db: Kysely<unknown>, tables: string[]): Promise<void> {
  if (await isPostgres(db)) await rebuildPostgres(db, tables);
  else await rebuildSqlite(db, tables);
}

export async function isPostgres(db: Kysely<unknown>): Promise<boolean> {
  try {
    await sql`select current_setting('server_version_num')`.execute(db);
    return true;
  } catch {
    return false;
  }
}

const q = (name: string) => `"${name.replace(/"/g, '""')}"`;
const withClinic = (list: string) => `${q(CLINIC_COLUMN)}, ${list}`;

interface SqliteColumn { name: string; type: string; notnull: number; dflt_value: string | null; pk: number }
interface SqliteForeignKey { id: number; seq: number; table: string; from: string; to: string }

async function rebuildSqlite(db: Kysely<unknown>, tables: string[]): Promise<void> {
  // A rebuilt table is dropped while others still point at it: SQLite allows that only with its foreign key
  // checks off, which cannot change inside a transaction. The check runs once over the result instead.
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await db.transaction().execute(async (tx) => {
      for (const table of tables) await rebuildSqliteTable(tx, table);
      const broken = await sql`pragma foreign_key_check`.execute(tx);
      if (broken.rows.length > 0) throw new Error(`0031: foreign keys broken by the rebuild: ${JSON.stringify(broken.rows)}`);
    });
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

async function rebuildSqliteTable(db: Kysely<unknown>, table: string): Promise<void> {
  const columns = (await sql<SqliteColumn>`select * from pragma_table_info(${table})`.execute(db)).rows;
  const keys = (await sql<SqliteForeignKey>`select * from pragma_foreign_key_list(${table})`.execute(db)).rows;
  const indexes = (await sql<{ name: string; origin: string; sql: string | null }>`
    select l.name, l.origin, m.sql from pragma_index_list(${table}) l left join sqlite_master m on m.name = l.name`.execute(db)).rows;
  const parts = [`${q(CLINIC_COLUMN)} text not null`];
  for (const c of columns) {
    parts.push(`${q(c.name)} ${c.type}${c.notnull ? ' not null' : ''}${c.dflt_value !== null ? ` default ${c.dflt_value}` : ''}`);
  }
  const pk = columns.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk).map((c) => q(c.name));
  parts.push(`primary key (${withClinic(pk.join(', '))})`);
  for (const index of indexes.filter((i) => i.origin === 'u')) {
    const cols = (await sql<{ name: string }>`select name from pragma_index_info(${index.name}) order by seqno`.execute(db)).rows;
    parts.push(`unique (${withClinic(cols.map((c) => q(c.name)).join(', '))})`);
  }
  for (const id of new Set(keys.map((k) => k.id))) {
    const key = keys.filter((k) => k.id === id).sort((a, b) => a.seq - b.seq);
    parts.push(
      `foreign key (${withClinic(key.map((k) => q(k.from)).join(', '))}) references ${q(key[0]!.table)} (${withClinic(key.map((k) => q(k.to)).join(', '))})`,
    );
  }
  const names = columns.map((c) => q(c.name)).join(', ');
  const rebuilt = `${table}__0031`;
  await sql.raw(`create table ${q(rebuilt)} (${parts.join(', ')})`).execute(db);
  await sql.raw(`insert into ${q(rebuilt)} (${q(CLINIC_COLUMN)}, ${names}) select '${DEFAULT_CLINIC}', ${names} from ${q(table)}`).execute(db);
  await sql.raw(`drop table ${q(table)}`).execute(db);
  await sql.raw(`alter table ${q(rebuilt)} rename to ${q(table)}`).execute(db);
  for (const index of indexes.filter((i) => i.origin === 'c' && i.sql)) {
    await sql.raw(leadWithClinic(index.sql!, `on "${table}" (`)).execute(db);
  }
}

/** An index or key definition with the clinic as its first column, after the opening `marker`. */
function leadWithClinic(definition: string, marker: string): string {
  const at = definition.toLowerCase().indexOf(marker.toLowerCase());
  if (at < 0) throw new Error(`0031: cannot place the clinic in: ${definition}`);
  const end = at + marker.length;
  return `${definition.slice(0, end)}${q(CLINIC_COLUMN)}, ${definition.slice(end)}`;
}

interface PgConstraint { table: string; name: string; type: string; definition: string }

async function rebuildPostgres(db: Kysely<unknown>, tables: string[]): Promise<void> {
  const constraints = (await sql<PgConstraint>`
    select c.relname as table, k.conname as name, k.contype as type, pg_get_constraintdef(k.oid) as definition
    from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = current_schema() and c.relname in (${sql.join(tables)}) and k.contype in ('p', 'u', 'f')`.execute(db)).rows;
  const indexes = (await sql<{ table: string; name: string; definition: string }>`
    select tablename as table, indexname as name, indexdef as definition from pg_indexes
    where schemaname = current_schema() and tablename in (${sql.join(tables)})`.execute(db)).rows;
  const constraintNames = new Set(constraints.map((k) => k.name));
  const drop = async (k: PgConstraint) => sql.raw(`alter table ${q(k.table)} drop constraint ${q(k.name)}`).execute(db);
  const add = async (k: PgConstraint, definition: string) =>
    sql.raw(`alter table ${q(k.table)} add constraint ${q(k.name)} ${definition}`).execute(db);

  for (const table of tables) {
    await sql.raw(`alter table ${q(table)} add column ${q(CLINIC_COLUMN)} text not null default '${DEFAULT_CLINIC}'`).execute(db);
    await sql.raw(`alter table ${q(table)} alter column ${q(CLINIC_COLUMN)} drop default`).execute(db);
  }
  // Foreign keys point at keys that change: they go first and come back last, each with the clinic.
  for (const k of constraints.filter((c) => c.type === 'f')) await drop(k);
  for (const k of constraints.filter((c) => c.type !== 'f')) {
    await drop(k);
    await add(k, leadWithClinic(k.definition, k.type === 'p' ? 'PRIMARY KEY (' : 'UNIQUE ('));
  }
  for (const index of indexes.filter((i) => !constraintNames.has(i.name))) {
    await sql.raw(`drop index ${q(index.name)}`).execute(db);
    await sql.raw(leadWithClinic(index.definition, 'USING btree (')).execute(db);
  }
  for (const k of constraints.filter((c) => c.type === 'f')) {
    const definition = k.definition.replace(/^FOREIGN KEY \(/, `FOREIGN KEY (${q(CLINIC_COLUMN)}, `).replace(/REFERENCES (\S+)\(/, `REFERENCES $1(${q(CLINIC_COLUMN)}, `);
    await add(k, definition);
  }
  for (const table of tables) {
    await sql.raw(`alter table ${q(table)} enable row level security`).execute(db);
    await sql.raw(`alter table ${q(table)} force row level security`).execute(db);
    await sql.raw(`create policy clinic_rows on ${q(table)} using (${CLINIC_POLICY}) with check (${CLINIC_POLICY})`).execute(db);
  }
}

/**
 * The rows a PostgreSQL connection may see and write: its clinic's (`app.clinic`, set by the store on every
 * connection it hands out), or every clinic's for the deployment's own work ('*': migrations and the
 * operator's commands). A connection that set nothing sees nothing.
 */
export const CLINIC_POLICY = `${CLINIC_COLUMN} = current_setting('app.clinic', true) or current_setting('app.clinic', true) = '*'`;
