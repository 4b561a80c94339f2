/**
 * Group accounts (0033, decision 081): the deployment's own tables, like `clinics` (no clinic leads their
 * keys, no row security). One person given several clinics signs in at the group host; a handoff opens one
 * clinic's staff screen as the account's staff identity there (staff_accounts.group_account_id).
 */

export interface GroupAccountTable {
  id: string;
  /** Letters, digits, . _ - (as a staff member's); the clinic's staff identity is `<username>@group`. */
  username: string;
  /** argon2id (auth/password-hashing.ts). */
  password_hash: string;
  created_at: string;
  /** Set by `npm run clinic -- group disable`: no sign-in, no session, no handoff. */
  disabled_at: string | null;
}

/** The clinics a group account is given (`group grant` / `group revoke`). */
export interface GroupAccountClinicTable {
  group_account_id: string;
  clinic_id: string;
}

/** A signed-in group page: the cookie's token, stored hashed. */
export interface GroupSessionTable {
  token_hash: string;
  group_account_id: string;
  created_at: string;
  expires_at: string;
}

/** A one-time handoff to one clinic's staff screen: the token stored hashed, good once and for 60 seconds. */
export interface GroupHandoffTable {
  token_hash: string;
  group_account_id: string;
  clinic_id: string;
  expires_at: string;
  used_at: string | null;
}
