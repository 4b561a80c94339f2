/** The shape every function handler has: payload schema (shared) → auth → domain call → result. */
import type { FastifyRequest } from 'fastify';
import type { FunctionName, FunctionPayload, FunctionResults } from '../../shared/schemas/functions.js';
import type { Deps } from './deps.js';

export interface FunctionDef<N extends FunctionName> {
  run(payload: FunctionPayload<N>, request: FastifyRequest, deps: Deps): Promise<FunctionResults[N]>;
}

export type FunctionSet<K extends FunctionName> = { [N in K]: FunctionDef<N> };
