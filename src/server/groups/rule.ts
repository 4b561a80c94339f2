/**
 * Group accounts' rules (decision 081), pure: what a body or query must be, what a handoff may be made for
 * and consumed as, the staff identity's name, and the addresses the group page and a handoff go to. No
 * store here; apply.ts writes, read.ts reads.
 */
import { z } from 'zod';
import { STATS_PERIODS, type StatsPeriod } from '../../shared/schemas/stats.js';
import { AppError } from '../errors.js';
import { USERNAME_PATTERN } from '../auth/staff-accounts.js';

/** A handoff is good this long, and once (the group page opens its URL at once). */
export const HANDOFF_SECONDS = 60;

/** The group account's staff identity in a clinic: '@' is outside USERNAME_PATTERN, so no staff member holds it. */
export const groupStaffUsername = (username: string) => `${username}@group`;

export function checkGroupUsername(username: string): void {
  if (!USERNAME_PATTERN.test(username)) throw new Error('username: letters, digits, . _ - only (1–64)');
}

export function checkGroupPassword(password: string): void {
  if (password.length < 8) throw new Error('password: at least 8 characters');
}

const invalid = () => new AppError('INVALID_ARGUMENT', 'error.invalidArgument');

const loginSchema = z.strictObject({ username: z.string().min(1).max(64), password: z.string().min(1).max(256) });
export function parseLogin(body: unknown): { username: string; password: string } {
  const parsed = loginSchema.safeParse(body);
  if (!parsed.success) throw invalid();
  return parsed.data;
}

const overviewSchema = z.strictObject({ period: z.enum(STATS_PERIODS).default('day'), date: z.iso.date().optional() });
/** `?period=day|week|month&date=yyyy-mm-dd`; without them, today (`today`, Tokyo) by the day. */
export function parseOverviewQuery(query: unknown, today: string): { period: StatsPeriod; date: string } {
  const parsed = overviewSchema.safeParse(query ?? {});
  if (!parsed.success) throw invalid();
  return { period: parsed.data.period, date: parsed.data.date ?? today };
}

const handoffSchema = z.strictObject({ clinicId: z.string().min(1).max(40) });
export function parseHandoffRequest(body: unknown): { clinicId: string } {
  const parsed = handoffSchema.safeParse(body);
  if (!parsed.success) throw invalid();
  return parsed.data;
}

/** 32 random bytes in base64url: 43 characters. */
const tokenSchema = z.strictObject({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/) });
export function parseHandoffToken(body: unknown): string {
  const parsed = tokenSchema.safeParse(body);
  if (!parsed.success) throw invalid();
  return parsed.data.token;
}

export interface HandoffTarget {
  /** Whether the account is given the clinic (a clinic that does not exist is not given either). */
  granted: boolean;
  disabled: boolean;
  /** The clinic's first host by name, or null. */
  host: string | null;
}

/**
 * The host a handoff goes to, or the refusal: a clinic not given to the account gets the same answer as one
 * that does not exist (no oracle of the deployment's clinics); a disabled one has no staff screen to open.
 */
export function handoffHost(target: HandoffTarget): string {
  if (!target.granted || target.disabled) throw new AppError('NOT_FOUND', 'error.groupClinicUnknown');
  if (target.host === null) throw new AppError('FAILED_PRECONDITION', 'error.groupClinicNoHost');
  return target.host;
}

export interface HandoffRow {
  clinic_id: string;
  expires_at: string;
  used_at: string | null;
}

/** Whether a stored handoff may sign in at `clinicId` now: its clinic's, unused, unexpired. */
export function handoffUsable(row: HandoffRow | undefined, clinicId: string, now: Date): boolean {
  return row !== undefined && row.clinic_id === clinicId && row.used_at === null && row.expires_at > now.toISOString();
}

export interface RequestPlace {
  /** 'http' or 'https', as the client sees it. */
  scheme: string;
  /** The port the client used, when not the scheme's default. */
  port: number | null;
}

/** The origin of `host` reached as the request was: its scheme, and its port when the request named one. */
export function originFor(place: RequestPlace, host: string): string {
  return `${place.scheme}://${host}${place.port === null ? '' : `:${place.port}`}`;
}

export const handoffUrl = (place: RequestPlace, host: string, token: string) => `${originFor(place, host)}/admin/handoff#${token}`;
export const groupPageUrl = (place: RequestPlace, groupHost: string) => `${originFor(place, groupHost)}/group/`;
