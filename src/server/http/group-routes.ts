/**
 * The group page's calls at the deployment's group host (decision 081; the wire shapes are
 * src/shared/schemas/group.ts): sign in and out, who is signed in, the overview of every clinic the account
 * is given, and a one-time handoff to one clinic's staff screen. The session lives in an HttpOnly,
 * SameSite=Strict cookie, `__Host-qs_group` and Secure over https, as the staff session does (caller.ts).
 * Registered only when GROUP_HOST is set; clinic-request.ts lets these paths through at that host only.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import type { Store } from '../storage/port.js';
import type { Clock } from '../clock.js';
import { AppError } from '../errors.js';
import { clientKey } from '../abuse/limits.js';
import { tokyoDateAndTime } from '../../shared/schedule/calendar.js';
import { checkGroupLogin, closeGroupSession, createHandoff, findGroupSession, type GroupAccount, openGroupSession } from '../groups/apply.js';
import { readOverview } from '../groups/read.js';
import { loginLimiter } from '../groups/login-limit.js';
import { handoffUrl, parseHandoffRequest, parseLogin, parseOverviewQuery, type RequestPlace } from '../groups/rule.js';
import { overHttps } from './caller.js';
import './clinic-request.js';

export const GROUP_COOKIE = 'qs_group';
const groupCookieName = (request: FastifyRequest) => (overHttps(request) ? `__Host-${GROUP_COOKIE}` : GROUP_COOKIE);
// As with the staff session: a plain cookie counts only on a request that did not arrive over https.
const groupToken = (request: FastifyRequest) =>
  request.cookies[`__Host-${GROUP_COOKIE}`] || (overHttps(request) ? undefined : request.cookies[GROUP_COOKIE]) || undefined;

/** The scheme and port the client reached us by, for addresses on the deployment's other hosts. */
export const requestPlace = (request: FastifyRequest): RequestPlace => ({ scheme: request.protocol, port: request.port ?? null });

export function registerGroupRoutes(app: FastifyInstance, { store, config, clock }: { store: Store; config: Config; clock: Clock }) {
  const cookieOptions = (request: FastifyRequest) => ({ httpOnly: true, sameSite: 'strict' as const, path: '/', secure: overHttps(request) });
  const limiter = loginLimiter({
    perAddress: config.LOGIN_FAILURES_PER_ADDRESS_PER_15_MIN,
    perName: config.LOGIN_FAILURES_PER_ACCOUNT_PER_15_MIN,
    perAddressAndName: config.LOGIN_FAILURES_PER_15_MIN,
  });
  const hours = config.STAFF_SESSION_HOURS;

  async function requireGroup(request: FastifyRequest): Promise<GroupAccount> {
    const token = groupToken(request);
    const account = token ? await findGroupSession(store, token) : null;
    if (!account) throw new AppError('UNAUTHENTICATED', 'error.groupOnly');
    return account;
  }

  app.post('/api/group/login', async (request, reply) => {
    const { username, password } = parseLogin(request.body);
    const address = clientKey(request.ip);
    // Reserved before the hash runs, so a parallel flood of guesses cannot all pass the limit together.
    const refund = limiter.reserve(address, username);
    let account;
    try {
      account = await checkGroupLogin(store, username, password, { key: address });
    } catch (err) {
      refund();
      throw err;
    }
    if (!account) throw new AppError('UNAUTHENTICATED', 'error.loginFailed');
    refund();
    const token = await openGroupSession(store, account, hours);
    reply.setCookie(groupCookieName(request), token, { ...cookieOptions(request), maxAge: hours * 3600 });
    return { result: { username: account.username } };
  });

  app.post('/api/group/logout', async (request, reply) => {
    const token = groupToken(request);
    if (token) await closeGroupSession(store, token);
    reply.clearCookie(groupCookieName(request), cookieOptions(request));
    return { result: { ok: true } };
  });

  app.get('/api/group/me', async (request) => {
    const account = await requireGroup(request);
    return { result: { username: account.username } };
  });

  app.get('/api/group/overview', async (request) => {
    const account = await requireGroup(request);
    const { period, date } = parseOverviewQuery(request.query, tokyoDateAndTime(clock.now().getTime()).date);
    return { result: await readOverview(store, app.clinics, account, period, date) };
  });

  app.post('/api/group/handoff', async (request) => {
    const account = await requireGroup(request);
    const { clinicId } = parseHandoffRequest(request.body);
    const { token, host } = await createHandoff(store, account, clinicId);
    return { result: { url: handoffUrl(requestPlace(request), host, token) } };
  });
}
