/** POST /api/fn/<name>: the request and answer envelope of docs/api.md ("Functions") around every function of the table. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { type FunctionName, functionPayloads } from '../../shared/schemas/functions.js';
import { refusalLabel } from '../../shared/schemas/patient-text.js';
import { AppError } from '../errors.js';
import { sendError } from './envelope.js';
import './clinic-request.js';
import { accessOf, type FunctionDef, type FunctionTable, ruleOf } from './function-def.js';
import { requireKiosk, requirePatientFor, requireStaff } from './caller.js';

const NOT_AN_ENVELOPE = Symbol('not an envelope');

/**
 * envelopeSchema's check (`{data?: unknown}`, nothing else) by hand: the body is parsed JSON, so an object
 * here is a plain one. zod's parse and copy of every body showed in the opening burst's profile;
 * function-routes.envelope.test.ts holds this to envelopeSchema's verdicts on any JSON.
 */
export function envelopeData(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return NOT_AN_ENVELOPE;
  for (const key of Object.keys(body)) if (key !== 'data') return NOT_AN_ENVELOPE;
  return (body as { data?: unknown }).data;
}

export function registerFunctionRoutes(app: FastifyInstance, table: FunctionTable) {
  app.post<{ Params: { name: string } }>('/api/fn/:name', async (request, reply) => {
    try {
      // The clinic the request's host reaches (http/clinic-request.ts): its store, keys and view.
      const deps = request.clinic.deps;
      const name = request.params.name;
      if (!Object.hasOwn(functionPayloads, name)) throw new AppError('NOT_FOUND', 'error.unknownFunction');
      const fnName = name as FunctionName;
      const data = envelopeData(request.body);
      if (data === NOT_AN_ENVELOPE) throw new AppError('INVALID_ARGUMENT', 'error.invalidArgument');
      const payload = (functionPayloads[fnName] as z.ZodType).safeParse(data ?? {});
      if (!payload.success) throw new AppError('INVALID_ARGUMENT', refusalLabel(payload.error) ?? 'error.invalidArgument');
      const def = table[fnName] as FunctionDef<FunctionName>;
      // Who may call, as the definition declares, checked after the payload (a malformed call is
      // INVALID_ARGUMENT whoever makes it). Only a staff rule reads the store; a patient's token is checked
      // in process, without an await.
      const rule = ruleOf(accessOf(def), payload.data);
      const caller =
        rule === 'anyone'
          ? null
          : rule === 'staff'
            ? await requireStaff(request, deps)
            : rule === 'kiosk'
              ? await requireKiosk(request, deps)
              : requirePatientFor(rule, request, deps);
      const result = await def.run(payload.data as never, caller as never, request, deps);
      return { result };
    } catch (err) {
      // A refusal is answered here, as the error handler would: Fastify's error path (its onError hooks,
      // the handler lookup) was a visible share of the opening burst, 800 of whose 1,000 calls are refused.
      if (err instanceof AppError) return sendError(reply, err);
      throw err;
    }
  });
}
