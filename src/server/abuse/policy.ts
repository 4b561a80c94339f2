/**
 * Which limits apply to whom, as reservations taken before the action (or, for tickets, inside its
 * transaction), never read first and counted after: requests arriving together each take their own unit.
 * Refusals cost nothing: a patient tapping "take a number" before online reception opens uses up nothing,
 * and a staff member who signs in correctly gets the failure unit back. See docs/decisions/014.
 */
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { AppError } from '../errors.js';
import type { StaffKey } from '../../shared/labels/staff.js';
import type { TicketQuota } from './ticket-quota.js';
import type { Store } from '../storage/port.js';
import { trustedAddresses } from './trusted.js';
import { clientKey, type Counter, inWindow, type Limit, patientSubjects, refund, reserve } from './limits.js';

const HOUR = 3600_000;

/** The patient's repeatable changes, each with its own budget so that a flood of one spares the others. */
export type PatientChangeKind = 'threshold' | 'cancel' | 'subscription' | 'checkin';

/** Gives the units of a reservation back. */
export type Refund = () => Promise<void>;

export interface AbusePolicy {
  /** What a patient's number spends, for the allocation to take inside its write; undefined when limits are off. */
  ticketQuota(request: FastifyRequest): TicketQuota | undefined;
  /** Reserves a new PWA identity for this client; RESOURCE_EXHAUSTED past the limit. */
  reserveNewIdentity(request: FastifyRequest): Promise<Refund>;
  /** Reserves a LINE sign-in (a call to the clinic's LINE channel) for this client. */
  reserveLineSignIn(request: FastifyRequest): Promise<void>;
  /** Reserves one test notification (a request to an outside push service) for this patient and client. */
  reserveTestPush(request: FastifyRequest, uid: string): Promise<void>;
  /**
   * The budget one patient's changes of one kind spend (docs/decisions/043), for the change to take inside
   * its own write; undefined when limits are off (never for 'checkin'). Per patient only: the clinic's Wi-Fi
   * is no exemption.
   */
  patientBudget(kind: PatientChangeKind, uid: string): Counter | undefined;
  /**
   * The wrong-code budgets one check-in try takes a unit of before its code is compared (decision 059): the
   * patient's, the address's (not on the clinic's trusted network) and the reception session's. All stay on
   * with RATE_LIMIT=off: a guess is not load.
   */
  checkinGuesses(request: FastifyRequest, uid: string): (session: { id: string; openedAt: string }) => Counter[];
  /**
   * The budget a ticket page's Web Push subscriptions spend (decision 073), per address: the page has no
   * patient to count by, only its token, and one address must not fill the table through many tickets.
   * Spent like a patient's change, inside its write; undefined when limits are off or on the trusted network.
   */
  ticketPushBudget(request: FastifyRequest): Counter | undefined;
  /**
   * Reserves a failed sign-in before the password is checked; refund it when the password was right. An
   * address whose own cap is spent is told so, with the minutes left (error.loginPausedForNetwork).
   */
  reserveLoginFailure(request: FastifyRequest, username: string): Promise<Refund>;
  /**
   * The same for a sign-in from a known device (decision 056): a unit of that device's own budget only,
   * neither the address's nor the account's. Null when the device's budget is spent: it is then no device.
   */
  reserveDeviceFailure(deviceId: string): Promise<Refund | null>;
}

/** The counter of one reception session's wrong check-in codes; the retention job keeps it while the session is open. */
export const checkinSessionKey = (sessionId: string) => `checkin-session:${sessionId}`;

/** `secret`: the server's patient-token secret, which keys the hash a patient's counters hold instead of the uid. */
export function abusePolicy(store: Store, config: Config, secret: string): AbusePolicy {
  const patient = patientSubjects(secret);
  const identity: Limit = { name: 'identity', max: config.RATE_LIMIT_IDENTITIES_PER_HOUR, windowMs: HOUR };
  const lineSignIn: Limit = { name: 'line-signin', max: config.RATE_LIMIT_LINE_SIGNINS_PER_HOUR, windowMs: HOUR };
  const login: Limit = { name: 'login', max: config.LOGIN_FAILURES_PER_15_MIN, windowMs: HOUR / 4 };
  const testPush: Limit = { name: 'test-push', max: config.RATE_LIMIT_TEST_PUSHES_PER_HOUR, windowMs: HOUR };
  const loginAccount: Limit = { name: 'login-account', max: config.LOGIN_FAILURES_PER_ACCOUNT_PER_15_MIN, windowMs: HOUR / 4 };
  const loginAddress: Limit = { name: 'login-address', max: config.LOGIN_FAILURES_PER_ADDRESS_PER_15_MIN, windowMs: HOUR / 4 };
  const loginDevice: Limit = { name: 'login-device', max: config.LOGIN_FAILURES_PER_DEVICE_PER_15_MIN, windowMs: HOUR / 4 };
  const checkinAddress: Limit = { name: 'checkin-address', max: config.RATE_LIMIT_CHECKIN_WRONG_PER_ADDRESS_PER_HOUR, windowMs: HOUR };
  const trustedIp = trustedAddresses(config);
  const isTrusted = (request: FastifyRequest) => trustedIp(request.ip);
  const exempt = (request: FastifyRequest) => config.RATE_LIMIT === 'off' || isTrusted(request);
  const nothing: Refund = async () => {};

  /** Takes a unit of every counter, or none: a refusal gives back what it already took and names its counter. */
  async function takeAll(counters: Counter[]): Promise<{ refund: Refund } | { refusedBy: Counter }> {
    const taken: Counter[] = [];
    const giveBack = async () => {
      for (const counter of taken.splice(0)) await refund(store.db, counter);
    };
    for (const counter of counters) {
      if (!(await reserve(store.db, counter))) {
        await giveBack();
        return { refusedBy: counter };
      }
      taken.push(counter);
    }
    return { refund: giveBack };
  }

  async function reserveAll(counters: Counter[], refusal: StaffKey): Promise<Refund> {
    const taken = await takeAll(counters);
    if ('refusedBy' in taken) throw new AppError('RESOURCE_EXHAUSTED', refusal);
    return taken.refund;
  }

  /** The address's own cap is spent: the screen says so, and when it lifts (the counter's window ends). */
  function networkPaused(counter: Counter, now: Date): AppError {
    const ends = new Date(counter.windowStart).getTime() + loginAddress.windowMs;
    const minutes = Math.max(1, Math.ceil((ends - now.getTime()) / 60_000));
    return new AppError('RESOURCE_EXHAUSTED', 'error.loginPausedForNetwork', { minutes });
  }

  return {
    ticketQuota(request) {
      if (config.RATE_LIMIT === 'off') return undefined;
      const quota: TicketQuota = { numbersPerPatientSession: config.RATE_LIMIT_NUMBERS_PER_PATIENT_SESSION };
      // The clinic's own network is exempt from address limits only: one patient is still one patient.
      if (!isTrusted(request)) {
        quota.address = {
          key: clientKey(request.ip),
          ticketsPerHour: config.RATE_LIMIT_TICKETS_PER_HOUR,
          numbersPerSession: config.RATE_LIMIT_NUMBERS_PER_ADDRESS_SESSION,
        };
      }
      return quota;
    },
    async reserveNewIdentity(request) {
      if (exempt(request)) return nothing;
      return reserveAll([inWindow(identity, clientKey(request.ip))], 'error.rateLimitedIdentities');
    },
    async reserveLineSignIn(request) {
      if (exempt(request)) return;
      await reserveAll([inWindow(lineSignIn, clientKey(request.ip))], 'error.rateLimitedIdentities');
    },
    // Per patient as well as per address: one identity must not turn the server into its push relay.
    async reserveTestPush(request, uid) {
      if (config.RATE_LIMIT === 'off') return;
      const now = new Date();
      const counters = [inWindow(testPush, patient(uid), now)];
      if (!isTrusted(request)) counters.push(inWindow(testPush, clientKey(request.ip), now));
      await reserveAll(counters, 'error.rateLimitedTestPush');
    },
    patientBudget(kind, uid) {
      // Wrong check-in codes are guesses, not load: like sign-in throttling, their budget stays on (decision 048).
      if (config.RATE_LIMIT === 'off' && kind !== 'checkin') return undefined;
      return inWindow({ name: `patient-${kind}`, max: config.RATE_LIMIT_PATIENT_CHANGES_PER_HOUR, windowMs: HOUR }, patient(uid));
    },
    checkinGuesses(request, uid) {
      const now = new Date();
      const counters = [this.patientBudget('checkin', uid)!];
      if (!isTrusted(request)) counters.push(inWindow(checkinAddress, clientKey(request.ip), now));
      // Dated by the session's opening, like its numbers: spent once per session, kept while it is open.
      return (session) => [...counters, { key: checkinSessionKey(session.id), windowStart: session.openedAt, max: config.RATE_LIMIT_CHECKIN_WRONG_PER_SESSION }];
    },
    ticketPushBudget(request) {
      if (exempt(request)) return undefined;
      return inWindow({ name: 'ticket-push', max: config.RATE_LIMIT_PATIENT_CHANGES_PER_HOUR, windowMs: HOUR }, clientKey(request.ip));
    },
    // Sign-in throttling is security, not load: it stays on with RATE_LIMIT=off and on trusted networks.
    // The per-account budget stops guessing spread over many addresses; the per-address one, random user
    // names from one address. Once an account's budget is spent, an address that has failed fewer than
    // LOGIN_LOCKED_ACCOUNT_TRIES_PER_ADDRESS times (any name) may still try it: the same address counter,
    // reserved under that lower maximum. Decision 044 weighs what this gives a distributed guesser.
    async reserveLoginFailure(request, username) {
      const now = new Date();
      const address = clientKey(request.ip);
      const byName = inWindow(login, `${address}:${username}`, now);
      const byAddress = inWindow(loginAddress, address, now);
      const lockedTries = { ...byAddress, max: Math.min(byAddress.max, config.LOGIN_LOCKED_ACCOUNT_TRIES_PER_ADDRESS) };
      // The account's unit last: a try refused for its own address or name never holds one of the account's
      // units meanwhile, which would refuse another address's try for a budget that was not spent.
      const first = await takeAll([byName, byAddress, inWindow(loginAccount, username, now)]);
      if ('refund' in first) return first.refund;
      if (first.refusedBy === byAddress) throw networkPaused(byAddress, now);
      // A second try can only pass where the first was refused for the account's budget alone.
      if (first.refusedBy === byName) throw new AppError('RESOURCE_EXHAUSTED', 'error.loginThrottled');
      return reserveAll([byName, lockedTries], 'error.loginThrottled');
    },
    // Security like the rest of sign-in: on with RATE_LIMIT=off and on trusted networks. The unit is taken
    // before the hash, so parallel guesses with a stolen cookie cannot pass together either.
    async reserveDeviceFailure(deviceId) {
      const taken = await takeAll([inWindow(loginDevice, deviceId)]);
      return 'refund' in taken ? taken.refund : null;
    },
  };
}
