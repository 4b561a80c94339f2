/**
 * Which limits apply to whom. Tickets and new anonymous identities are counted per client address only
 * when they succeed, so a patient tapping "take a number" before online reception opens never uses up
 * anything. Staff sign-in failures are throttled per address and user name.
 */
import { BlockList, isIPv6 } from 'node:net';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { AppError } from '../errors.js';
import type { Store } from '../storage/port.js';
import { clientKey, countInWindow, type Limit, record } from './limits.js';

const HOUR = 3600_000;

export interface AbusePolicy {
  /** Throws RESOURCE_EXHAUSTED when this client already took its share of tickets this hour. */
  checkTicket(request: FastifyRequest): Promise<void>;
  countTicket(request: FastifyRequest): Promise<void>;
  checkNewIdentity(request: FastifyRequest): Promise<void>;
  countNewIdentity(request: FastifyRequest): Promise<void>;
  checkLogin(request: FastifyRequest, username: string): Promise<void>;
  countLoginFailure(request: FastifyRequest, username: string): Promise<void>;
}

export function abusePolicy(store: Store, config: Config): AbusePolicy {
  const ticket: Limit = { name: 'ticket', max: config.RATE_LIMIT_TICKETS_PER_HOUR, windowMs: HOUR };
  const identity: Limit = { name: 'identity', max: config.RATE_LIMIT_IDENTITIES_PER_HOUR, windowMs: HOUR };
  const login: Limit = { name: 'login', max: config.LOGIN_FAILURES_PER_15_MIN, windowMs: HOUR / 4 };
  const trusted = new BlockList();
  for (const entry of config.RATE_LIMIT_TRUSTED) {
    const [address, prefix] = entry.split('/');
    const type = isIPv6(address) ? 'ipv6' : 'ipv4';
    if (prefix) trusted.addSubnet(address, Number(prefix), type);
    else trusted.addAddress(address, type);
  }
  const bare = (ip: string) => (ip.startsWith('::ffff:') ? ip.slice(7) : ip);
  const exempt = (request: FastifyRequest) => {
    if (config.RATE_LIMIT === 'off') return true;
    const ip = bare(request.ip);
    return trusted.check(ip, isIPv6(ip) ? 'ipv6' : 'ipv4');
  };
  const over = async (limit: Limit, subject: string) => (await countInWindow(store, limit, subject)) >= limit.max;

  return {
    async checkTicket(request) {
      if (!exempt(request) && (await over(ticket, clientKey(request.ip)))) {
        throw new AppError('RESOURCE_EXHAUSTED', 'error.rateLimitedTickets');
      }
    },
    async countTicket(request) {
      if (!exempt(request)) await record(store, ticket, clientKey(request.ip));
    },
    async checkNewIdentity(request) {
      if (!exempt(request) && (await over(identity, clientKey(request.ip)))) {
        throw new AppError('RESOURCE_EXHAUSTED', 'error.rateLimitedIdentities');
      }
    },
    async countNewIdentity(request) {
      if (!exempt(request)) await record(store, identity, clientKey(request.ip));
    },
    // Sign-in throttling is security, not load: it stays on with RATE_LIMIT=off.
    async checkLogin(request, username) {
      if (await over(login, `${clientKey(request.ip)}:${username}`)) {
        throw new AppError('RESOURCE_EXHAUSTED', 'error.loginThrottled');
      }
    },
    async countLoginFailure(request, username) {
      await record(store, login, `${clientKey(request.ip)}:${username}`);
    },
  };
}
