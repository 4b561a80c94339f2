/**
 * Staff sign in and out. The session lives in an HttpOnly, SameSite=Strict cookie, `__Host-` and Secure
 * over https (caller.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { staffLoginSchema } from '../../shared/schemas/functions.js';
import { AppError } from '../errors.js';
import { clientKey } from '../abuse/limits.js';
import { checkStaffPassword, closeStaffSessions, openStaffSession } from '../auth/staff-accounts.js';
import { currentStaff, overHttps, STAFF_COOKIE, staffCookieName, staffToken } from './caller.js';
import type { Deps } from './deps.js';

export function registerStaffRoutes(app: FastifyInstance, deps: Deps) {
  // No Domain: a `__Host-` cookie must have none, and the plain one is for this host alone too.
  const cookieOptions = (request: FastifyRequest) => ({
    httpOnly: true,
    sameSite: 'strict' as const,
    path: '/',
    secure: overHttps(request),
  });

  app.post('/api/staff/login', async (request, reply) => {
    const body = staffLoginSchema.safeParse(request.body);
    if (!body.success) throw new AppError('INVALID_ARGUMENT', 'error.invalidArgument');
    // A failure is reserved before the password hash runs, so a parallel flood of guesses cannot all pass
    // the limit together; a right password (or a check that never ran) gives it back.
    const refund = await deps.abuse.reserveLoginFailure(request, body.data.username);
    let staff;
    try {
      staff = await checkStaffPassword(deps.store, body.data.username, body.data.password, clientKey(request.ip));
    } catch (err) {
      await refund();
      throw err;
    }
    if (!staff) throw new AppError('UNAUTHENTICATED', 'error.loginFailed');
    await refund();
    const hours = deps.config.STAFF_SESSION_HOURS;
    const token = await openStaffSession(deps.store, staff, hours, { from: request.ip });
    reply.setCookie(staffCookieName(request), token, { ...cookieOptions(request), maxAge: hours * 3600 });
    return { result: { username: staff.username } };
  });

  app.post('/api/staff/logout', async (request, reply) => {
    const token = staffToken(request);
    const staff = await currentStaff(request, deps);
    // `{"everywhere": true}` ends every session of this staff member (a lost or shared PC).
    const everywhere = (request.body as { everywhere?: unknown } | undefined)?.everywhere === true;
    // Only a live session is closed: an unknown or expired cookie has nothing to sign out, and the write
    // would bump the version and make every live stream in every process rebuild for nothing.
    if (staff && token) await closeStaffSessions(deps.store, staff, everywhere ? 'everywhere' : { token }, request.ip);
    reply.clearCookie(staffCookieName(request), cookieOptions(request));
    // Over https a plain cookie (left from before `__Host-`, or planted over http) is cleared as well.
    if (overHttps(request) && request.cookies[STAFF_COOKIE] !== undefined) reply.clearCookie(STAFF_COOKIE, cookieOptions(request));
    return { result: { ok: true } };
  });

  app.get('/api/staff/me', async (request) => {
    const staff = await currentStaff(request, deps);
    if (!staff) throw new AppError('UNAUTHENTICATED', 'error.staffOnly');
    return { result: { username: staff.username } };
  });
}
