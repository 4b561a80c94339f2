/**
 * 0032: each clinic's own LINE channels and the name its patients see (decision 079), one row per clinic.
 * A clinic table from the start: `clinic_id` leads its key, and on PostgreSQL it has the same forced
 * row-level security as every other clinic table (migration 0031). No row is made: a clinic without one
 * has set nothing of its own.
 */
import { type Kysely, type Migration, sql } from 'kysely';
import { CLINIC_POLICY, isPostgres } from './migration-0031-clinics.js';

export const lineChannelsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    let table = db.schema
      .createTable('line_channels')
      .addColumn('clinic_id', 'text', (c) => c.notNull())
      .addColumn('id', 'integer', (c) => c.notNull());
    for (const column of [
      'clinic_name',
      'login_channel_id',
      'login_channel_secret',
      'liff_id',
      'liff_id_book',
      'liff_id_all',
      'liff_id_my',
      'official_account_url',
      'bot_prompt',
      'messaging_access_token',
      'messaging_channel_secret',
      'miniapp_channel_id',
      'miniapp_channel_secret',
      'service_template',
      'service_params',
      'bot_user_id',
    ]) {
      table = table.addColumn(column, 'text');
    }
    await table
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('line_channels_pkey', ['clinic_id', 'id'])
      .execute();
    if (await isPostgres(db)) {
      await sql`alter table line_channels enable row level security`.execute(db);
      await sql`alter table line_channels force row level security`.execute(db);
      await sql.raw(`create policy clinic_rows on line_channels using (${CLINIC_POLICY}) with check (${CLINIC_POLICY})`).execute(db);
    }
  },
};
