/** Turns anything thrown into the catalogue's `{error: {status, message}}` shape. Nothing leaks a stack. */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_HTTP_STATUS, type ErrorBody, type ErrorCode } from '../../shared/errors.js';
import { type LabelKey, t } from '../../shared/labels/ja.js';
import { AppError } from '../errors.js';

export function errorBody(code: ErrorCode, key: LabelKey, params?: Record<string, string | number>): ErrorBody {
  return { error: { status: code, message: t(key, params) } };
}

export function sendError(reply: FastifyReply, err: AppError): FastifyReply {
  return reply.code(ERROR_HTTP_STATUS[err.code]).send(errorBody(err.code, err.messageKey, err.params));
}

/** Fastify's own refusals (bad JSON, wrong content type, body too large) are the client's fault. */
function fromFastify(err: FastifyError): AppError | null {
  if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return new AppError('INVALID_ARGUMENT', 'error.bodyTooLarge');
  const status = err.statusCode ?? 500;
  if (status >= 400 && status < 500) return new AppError('INVALID_ARGUMENT', 'error.invalidArgument');
  return null;
}

export function errorHandler(err: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const known = err instanceof AppError ? err : fromFastify(err);
  if (known) return sendError(reply, known);
  request.log.error({ err }, 'unhandled error');
  return sendError(reply, new AppError('INTERNAL', 'error.internal'));
}
