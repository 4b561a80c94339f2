/**
 * The shape every function has: who may call it (declared, enforced by function-routes.ts before `run`),
 * and `run`, which gets the payload (shared schema, already checked) and that caller.
 */
import type { FastifyRequest } from 'fastify';
import type { PatientChannel } from '../../shared/queue/slot.js';
import type { FunctionName, FunctionPayload, FunctionResults } from '../../shared/schemas/functions.js';
import type { Patient } from '../auth/patient-tokens.js';
import type { Staff } from '../auth/staff-accounts.js';
import type { Kiosk } from './caller.js';
import type { Deps } from './deps.js';

/** A patient of either channel, or of one channel only (a token of the other is PERMISSION_DENIED). */
export type PatientRule = 'patient' | `${PatientChannel} patient`;
/** Who may call, in the words of the "who" column of docs/api.md. */
/** 'kiosk': an entrance kiosk's own credential (decision 072), which admits nothing else and nobody else. */
export type Rule = 'anyone' | 'staff' | 'kiosk' | PatientRule;

/** Who may call depends on one payload field: each of its values names the rule. */
export type PayloadRule<N extends FunctionName> = {
  [K in keyof FunctionPayload<N>]-?: FunctionPayload<N>[K] extends string
    ? { field: K; cases: Record<FunctionPayload<N>[K], 'staff' | PatientRule> }
    : never;
}[keyof FunctionPayload<N>];

/** What a definition declares: a rule, or the payload field that chooses one. */
export type Access<N extends FunctionName> = Rule | PayloadRule<N>;

type Run<N extends FunctionName, Caller> = (
  payload: FunctionPayload<N>,
  caller: Caller,
  request: FastifyRequest,
  deps: Deps,
) => Promise<FunctionResults[N]>;

/**
 * `access` is a plain word so that it alone types `run`'s caller: null for anyone, the Staff for staff,
 * the Patient for a patient; 'by payload' (the rule in `by`) gets whichever of the two the rule admitted.
 */
export type FunctionDef<N extends FunctionName> =
  | { access: 'anyone'; run: Run<N, null> }
  | { access: 'staff'; run: Run<N, Staff> }
  | { access: 'kiosk'; run: Run<N, Kiosk> }
  | { access: PatientRule; run: Run<N, Patient> }
  | { access: 'by payload'; by: PayloadRule<N>; run: Run<N, Staff | Patient> };

/** Every function by name, each its own named handler (src/server/function-table.ts). */
export type FunctionTable = { [N in FunctionName]: FunctionDef<N> };

/** Any function's declaration, whatever its payload: what the route layer and the access table read. */
type Declared = { access: Rule } | { access: 'by payload'; by: { field: string; cases: Record<string, Rule> } };
type DeclaredAccess = Rule | { field: string; cases: Record<string, Rule> };

export const accessOf = (def: Declared): DeclaredAccess => (def.access === 'by payload' ? def.by : def.access);

/** The rule for one call: no allocation, as it runs on every call of the opening burst. */
export function ruleOf(access: DeclaredAccess, payload: unknown): Rule {
  return typeof access === 'string' ? access : access.cases[(payload as Record<string, string>)[access.field]];
}
