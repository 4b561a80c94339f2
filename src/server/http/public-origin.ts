/** Where patients reach this server: PUBLIC_ORIGIN when configured, else the origin the staff's request came to. */
import type { FastifyRequest } from 'fastify';
import type { Deps } from './deps.js';

export const publicOrigin = (deps: Pick<Deps, 'config'>, request: FastifyRequest): string => deps.config.PUBLIC_ORIGIN ?? `${request.protocol}://${request.host}`;
