/**
 * `POST /api/kiosk/enrol` (docs/decisions/072): staff, signed in on the tablet, make it an entrance kiosk.
 * A route, not a function, because it sets a cookie: the kiosk's own credential (HttpOnly, SameSite=Strict,
 * `__Host-` and Secure over https, as the staff cookies are). In the same answer the staff session of this
 * browser is closed and its cookie cleared, so the tablet left at the entrance holds the kiosk's credential
 * and nothing a staff member could do.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { kioskEnrolSchema } from '../../shared/schemas/kiosk.js';
import { AppError } from '../errors.js';
import { KIOSK_DAYS } from '../auth/kiosk-tokens.js';
import { closeStaffSessions } from '../auth/staff-accounts.js';
import * as kiosks from '../domain/kiosk/apply.js';
import { kioskCookieName, overHttps, requireStaff, staffCookieName, staffToken } from './caller.js';
import './clinic-request.js';

export function registerKioskRoutes(app: FastifyInstance) {
  const cookieOptions = (request: FastifyRequest) => ({ httpOnly: true, sameSite: 'strict' as const, path: '/', secure: overHttps(request) });

  app.post('/api/kiosk/enrol', async (request, reply) => {
    const deps = request.clinic.deps;
    const staff = await requireStaff(request, deps);
    const body = kioskEnrolSchema.safeParse(request.body);
    if (!body.success) throw new AppError('INVALID_ARGUMENT', 'error.kioskName');
    const { id } = await kiosks.enrolKiosk({ store: deps.store, name: body.data.name, actor: staff });
    reply.setCookie(kioskCookieName(request), await deps.kioskTokens.issue(id), { ...cookieOptions(request), maxAge: KIOSK_DAYS * 86_400 });
    const token = staffToken(request);
    if (token) await closeStaffSessions(deps.store, staff, { token }, request.ip);
    reply.clearCookie(staffCookieName(request), cookieOptions(request));
    return { result: { id, name: body.data.name } };
  });
}
