/**
 * What `npm run doctor` finds out before it judges anything: outside answers (LINE), the store and a few
 * files. The checks (checks.ts) are pure functions of these facts, so most tests need no process and no
 * network.
 */
import type { Config } from '../../config.js';

/** One outside call: LINE's answer, or why there was none. */
export type Probe =
  | { kind: 'answer'; status: number; body: Record<string, unknown>; date: string | null; receivedAt: number }
  | { kind: 'timeout'; seconds: number }
  /** An answer whose body went past the limit of outside answers (outside/bounded-fetch.ts), cut off. */
  | { kind: 'tooLarge'; status: number }
  | { kind: 'network'; message: string };

export interface VapidFile {
  /** DATA_DIR/vapid-keys.json exists. */
  found: boolean;
  publicKey?: string;
  privateKey?: string;
  error?: string;
}

export type StoreFacts =
  | {
      ok: true;
      dialect: 'sqlite' | 'postgres';
      migrations: number;
      /** Why a write transaction failed, or null when one could be taken (and rolled back). */
      writeError: string | null;
      activeStaff: number;
      disabledStaff: number;
      /**
       * The addresses the per-address abuse counters of the last day name (numbers taken, new patients),
       * and how many units they hold: what the server took for its clients' addresses.
       */
      recentClients: { addresses: string[]; units: number };
      /** Clinics on the deployment (decision 077), and whether PostgreSQL's row security binds the server's role (null: SQLite). */
      clinics: number;
      rowSecurity: boolean | null;
    }
  | { ok: false; error: string };

export interface DoctorFacts {
  config: Config;
  login: {
    /** A stateless channel token issued with the Login channel's id and secret (null: not asked). */
    token: Probe | null;
    /** The Login channel's LIFF apps, read with that token (null: not asked). */
    apps: Probe | null;
  };
  messaging: {
    /** GET /v2/bot/info, with the configured token (or none, only for LINE's clock). */
    bot: Probe | null;
    quota: Probe | null;
    consumption: Probe | null;
    /** GET /v2/bot/channel/webhook/endpoint (the chat's webhook URL and whether it is on), with a valid token. */
    webhook: Probe | null;
  };
  /** The LINE MINI App channel (issue 37): a channel access token by the client-credentials grant (null: not asked). */
  miniApp?: { token: Probe | null };
  vapidFile: VapidFile;
  store: StoreFacts;
}

export type Status = 'ok' | 'warn' | 'fail';

export interface CheckResult {
  name: string;
  status: Status;
  /** What was found. */
  detail: string;
  /** What to do about it (for warn and fail). */
  fix?: string;
}
