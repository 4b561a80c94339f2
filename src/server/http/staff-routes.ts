/**
 * Staff sign in and out. The session lives in an HttpOnly, SameSite=Strict cookie, `__Host-` and Secure
 * over https (caller.ts); so does the device cookie a right password leaves (`qs_staff_device`, decision 056).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { staffLoginSchema } from '../../shared/schemas/functions.js';
import { AppError } from '../errors.js';
import { clientKey } from '../abuse/limits.js';
import type { GateOptions } from '../auth/fair-gate.js';
import { checkStaffPassword, closeStaffSessions, openStaffSession } from '../auth/staff-accounts.js';
import { DEVICE_DAYS, deviceAccount, newDeviceId } from '../auth/staff-devices.js';
import { currentStaff, overHttps, STAFF_COOKIE, staffCookieName, staffToken } from './caller.js';
import { consumeHandoff, isGroupIdentity } from '../groups/apply.js';
import { groupPageUrl, parseHandoffToken } from '../groups/rule.js';
import { requestPlace } from './group-routes.js';
import './clinic-request.js';

/** The device cookie, named as the session cookie is: `__Host-` over https, the plain name over http. */
export const DEVICE_COOKIE = 'qs_staff_device';
const deviceCookieName = (request: FastifyRequest) => (overHttps(request) ? `__Host-${DEVICE_COOKIE}` : DEVICE_COOKIE);
// As with the session: a plain cookie counts only on a request that did not arrive over https.
const deviceCookie = (request: FastifyRequest) =>
  request.cookies[`__Host-${DEVICE_COOKIE}`] || (overHttps(request) ? undefined : request.cookies[DEVICE_COOKIE]) || undefined;

export function registerStaffRoutes(app: FastifyInstance) {
  // No Domain: a `__Host-` cookie must have none, and the plain one is for this host alone too.
  const cookieOptions = (request: FastifyRequest) => ({
    httpOnly: true,
    sameSite: 'strict' as const,
    path: '/',
    secure: overHttps(request),
  });

  app.post('/api/staff/login', async (request, reply) => {
    const deps = request.clinic.deps;
    const body = staffLoginSchema.safeParse(request.body);
    if (!body.success) throw new AppError('INVALID_ARGUMENT', 'error.invalidArgument');
    const { username, password } = body.data;
    // A browser known to this account is judged by its own failures, and takes its own turn at the hashing
    // gate that nobody may displace: a flood from the same address neither caps nor starves it. Its budget
    // spent (a stolen cookie being tried), it is no device and the address's limits apply as to anyone.
    const cookie = deviceCookie(request);
    const account = cookie ? await deviceAccount(deps.store, username) : null;
    const device = account && (await deps.staffDevices.deviceFor(cookie, account));
    const deviceRefund = device && (await deps.abuse.reserveDeviceFailure(device.deviceId));
    // A failure is reserved before the password hash runs, so a parallel flood of guesses cannot all pass
    // the limit together; a right password (or a check that never ran) gives it back.
    const refund = deviceRefund || (await deps.abuse.reserveLoginFailure(request, username));
    const turn: GateOptions = deviceRefund ? { key: `device:${device.deviceId}`, mayRefuse: false } : { key: clientKey(request.ip) };
    let staff;
    try {
      staff = await checkStaffPassword(deps.store, username, password, turn);
    } catch (err) {
      await refund();
      throw err;
    }
    if (!staff) throw new AppError('UNAUTHENTICATED', 'error.loginFailed');
    await refund();
    const hours = deps.config.STAFF_SESSION_HOURS;
    const token = await openStaffSession(deps.store, staff, hours, { from: request.ip });
    reply.setCookie(staffCookieName(request), token, { ...cookieOptions(request), maxAge: hours * 3600 });
    // Renewed at every sign-in, under the generation read with the password's hash: a change made since
    // has already revoked it.
    const deviceId = deviceRefund ? device.deviceId : newDeviceId();
    const deviceToken = await deps.staffDevices.issue({ staffId: staff.id, deviceId, epoch: staff.deviceEpoch });
    reply.setCookie(deviceCookieName(request), await deps.staffDevices.withToken(cookie, deviceToken, staff.id), {
      ...cookieOptions(request),
      maxAge: DEVICE_DAYS * 86_400,
    });
    return { result: { username: staff.username } };
  });

  app.post('/api/staff/logout', async (request, reply) => {
    const deps = request.clinic.deps;
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

  // A group account's handoff (decision 081): the one-time token from the group page signs the browser in
  // here as the account's staff identity in this clinic, a staff session like any other.
  app.post('/api/staff/handoff', async (request, reply) => {
    const deps = request.clinic.deps;
    const token = parseHandoffToken(request.body);
    const hours = deps.config.STAFF_SESSION_HOURS;
    const { session, username } = await consumeHandoff(deps.store, token, { hours, from: request.ip });
    reply.setCookie(staffCookieName(request), session, { ...cookieOptions(request), maxAge: hours * 3600 });
    return { result: { username } };
  });

  app.get('/api/staff/me', async (request) => {
    const deps = request.clinic.deps;
    const staff = await currentStaff(request, deps);
    if (!staff) throw new AppError('UNAUTHENTICATED', 'error.staffOnly');
    // The way back to the group page, for a session a group account's handoff opened.
    const groupHost = deps.config.GROUP_HOST;
    const groupUrl = groupHost && (await isGroupIdentity(deps.store, staff.id)) ? groupPageUrl(requestPlace(request), groupHost) : undefined;
    return { result: { username: staff.username, ...(groupUrl && { groupUrl }) } };
  });
}
