/** Who is calling: a patient (bearer token), staff (session cookie) or a stranger. */
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';
import type { Patient } from '../auth/patient-tokens.js';
import { findStaffSession, type Staff } from '../auth/staff-accounts.js';
import type { Deps } from './deps.js';

export const STAFF_COOKIE = 'qs_staff';

/** The patient behind the bearer token; UNAUTHENTICATED without one or with a bad one. */
export async function requirePatient(request: FastifyRequest, deps: Deps): Promise<Patient> {
  const header = request.headers.authorization;
  const match = header ? /^Bearer ([A-Za-z0-9._-]+)$/.exec(header) : null;
  if (!match) throw new AppError('UNAUTHENTICATED', header ? 'error.tokenInvalid' : 'error.signInRequired');
  const patient = await deps.tokens.verify(match[1]);
  if (!patient) throw new AppError('UNAUTHENTICATED', 'error.tokenInvalid');
  return patient;
}

export async function currentStaff(request: FastifyRequest, deps: Deps): Promise<Staff | null> {
  const token = request.cookies[STAFF_COOKIE];
  return token ? findStaffSession(deps.store, token) : null;
}

/** Staff only: a patient's token is PERMISSION_DENIED, no credentials at all UNAUTHENTICATED. */
export async function requireStaff(request: FastifyRequest, deps: Deps): Promise<Staff> {
  const staff = await currentStaff(request, deps);
  if (staff) return staff;
  const code = request.headers.authorization ? 'PERMISSION_DENIED' : 'UNAUTHENTICATED';
  throw new AppError(code, 'error.staffOnly');
}
