/** Who may use the staff screens and the kiosk (decisions 056, 072): accounts, their sessions, kiosk devices. */
import type { Generated } from 'kysely';

export interface StaffAccountTable {
  id: string;
  username: string;
  password_hash: string;
  created_at: string;
  /** Set by `npm run staff -- disable`: no sign-in, no session. */
  disabled_at: string | null;
  /** The generation of the account's device cookies; moved on to revoke them all (decision 056). */
  device_epoch: Generated<number>;
  /**
   * The group account this is the staff identity of in the clinic (0033, decision 081): `<username>@group`,
   * signed in by a handoff only (its hash never verifies). No foreign key: an exported clinic takes it along.
   */
  group_account_id: Generated<string | null>;
}

export interface StaffSessionTable {
  token_hash: string;
  staff_id: string;
  created_at: string;
  expires_at: string;
}

/** A tablet staff made an entrance kiosk (0027, decision 072): its cookie names the row; revoked, it is refused. Never in a backup. */
export interface KioskDeviceTable {
  id: string;
  name: string;
  created_at: string;
  /** The staff member's user name. */
  created_by: string;
  revoked_at: string | null;
  revoked_by: string | null;
}
