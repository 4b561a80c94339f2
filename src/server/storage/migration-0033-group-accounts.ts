/**
 * 0033: group accounts (decision 081). Four deployment tables, like `clinics` and `clinic_hosts` (0031): no
 * clinic leads their keys and no row security, for an account spans clinics; a clinic's export never reads
 * them. The clinic table staff_accounts gains `group_account_id`: the staff identity a group account gets
 * inside a clinic, signed in by a handoff. It has no foreign key to the deployment's table: a clinic exported
 * to another deployment carries the row, which there names no account and so is never handed to.
 */
import { type Kysely, type Migration } from 'kysely';

export const groupAccountsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('group_accounts')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('username', 'text', (c) => c.notNull().unique())
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('disabled_at', 'text')
      .execute();
    await db.schema
      .createTable('group_account_clinics')
      .addColumn('group_account_id', 'text', (c) => c.notNull().references('group_accounts.id'))
      .addColumn('clinic_id', 'text', (c) => c.notNull().references('clinics.id'))
      .addPrimaryKeyConstraint('group_account_clinics_pkey', ['group_account_id', 'clinic_id'])
      .execute();
    // `clinic remove` deletes a clinic's grants by its id.
    await db.schema.createIndex('group_account_clinics_clinic').on('group_account_clinics').column('clinic_id').execute();
    await db.schema
      .createTable('group_sessions')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('group_account_id', 'text', (c) => c.notNull().references('group_accounts.id'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('group_sessions_account').on('group_sessions').column('group_account_id').execute();
    await db.schema
      .createTable('group_handoffs')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('group_account_id', 'text', (c) => c.notNull().references('group_accounts.id'))
      .addColumn('clinic_id', 'text', (c) => c.notNull().references('clinics.id'))
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('used_at', 'text')
      .execute();
    await db.schema.createIndex('group_handoffs_account').on('group_handoffs').column('group_account_id').execute();
    await db.schema.createIndex('group_handoffs_clinic').on('group_handoffs').column('clinic_id').execute();
    await db.schema.alterTable('staff_accounts').addColumn('group_account_id', 'text').execute();
    // The clinic leads it, as every key of a clinic table (0031).
    await db.schema.createIndex('staff_accounts_group').on('staff_accounts').columns(['clinic_id', 'group_account_id']).execute();
  },
};
