/**
 * A group account (法人の管理者): one person given several clinics of the deployment. It signs in at the
 * deployment's group host (GROUP_HOST), sees every clinic it is given side by side, and opens one clinic's
 * own staff screen through a one-time handoff. These are the wire shapes of that page's calls; no zod here,
 * so the group page's chunk does not carry the schema library (the server checks the bodies itself).
 *
 * Group host (every other path there answers a plain 404):
 * - `POST /api/group/login {username, password}` → `{result: {username}}`, sets the group session cookie.
 * - `POST /api/group/logout` → `{result: {ok: true}}`.
 * - `GET /api/group/me` → `{result: {username}}` or UNAUTHENTICATED.
 * - `GET /api/group/overview?period=day|week|month&date=yyyy-mm-dd` → `{result: GroupOverview}`.
 * - `POST /api/group/handoff {clinicId}` → `{result: GroupHandoff}`.
 * A clinic's host:
 * - `POST /api/staff/handoff {token}` → `{result: {username}}`, signs the browser in to that clinic's staff
 *   screens as the group account's staff identity there (`<username>@group`, audited like any staff member).
 * - `GET /api/staff/me` → `{result: {username, groupUrl?}}`: `groupUrl` (the group page) only for a session
 *   opened by a handoff.
 */
import type { StatsFigures, StatsPeriod } from './stats.js';

export interface GroupQueueGlance {
  id: string;
  name: { ja: string; en: string };
  /** Numbers waiting now (not yet called), as the queue screen counts them. */
  waiting: number;
  /** The number being called now, as the wall shows it ("12", "A12"); null when none. */
  calling: string | null;
}

export interface GroupClinicGlance {
  id: string;
  /** The clinic's name for patients (its setting), or the operator's name when it has none. */
  name: string;
  /** The host its staff screen is reached at; null when it has none listed (a handoff is refused). */
  host: string | null;
  /** Disabled by the operator: no queues, no figures, no handoff. */
  state: 'open' | 'disabled';
  /** Online reception taking numbers right now (the clinic's switch and its hours). */
  receptionOpen: boolean;
  queues: GroupQueueGlance[];
  /** The period asked for, as the clinic's statistics page shows it; null for a disabled clinic. */
  stats: StatsFigures | null;
}

export interface GroupOverview {
  username: string;
  period: StatsPeriod;
  /** The Tokyo day the period was asked for (yyyy-mm-dd). */
  date: string;
  /** Every clinic the account is given, in the order of their ids. */
  clinics: GroupClinicGlance[];
}

export interface GroupHandoff {
  /**
   * The clinic's handoff page with a one-time token in its fragment (never sent to a server in a request
   * line, so never in an access log): `https://<clinic host>/admin/handoff#<token>`. The token is good for
   * 60 seconds and once.
   */
  url: string;
}
