/** Turns anything thrown into the catalogue's `{error: {status, message}}` shape. Nothing leaks a stack. */
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_HTTP_STATUS, type ErrorBody, type ErrorCode } from '../../shared/errors.js';
import { staffLabels, type StaffKey } from '../../shared/labels/staff.js';
import { label } from '../../shared/labels/text.js';
import { AppError } from '../errors.js';
import type { Store } from '../storage/port.js';

export function errorBody(code: ErrorCode, key: StaffKey, params?: Record<string, string | number>): ErrorBody {
  return { error: { status: code, message: label(staffLabels, 'ja', key, params) } };
}

declare module 'fastify' {
  interface FastifyReply {
    /** The catalogue code this reply refused with (the metrics count it); null for every other answer. */
    errorCode: ErrorCode | null;
  }
}

/**
 * A refusal without parameters always reads the same: its JSON is written once (800 of an opening burst's
 * 1,000 answers are the same "none left"). Bounded by the catalogue's codes and keys.
 */
const serialised = new Map<string, string>();
const JSON_TYPE = 'application/json; charset=utf-8';

function hasParams(params: Record<string, unknown>): boolean {
  for (const _ in params) return true;
  return false;
}

/** Every refusal of the app goes out here, so `reply.errorCode` is exactly what the client was told. */
export function sendError(reply: FastifyReply, err: AppError): FastifyReply {
  reply.errorCode = err.code;
  reply.code(ERROR_HTTP_STATUS[err.code]);
  if (hasParams(err.params)) return reply.send(errorBody(err.code, err.messageKey, err.params));
  const key = `${err.code} ${err.messageKey}`;
  let body = serialised.get(key);
  if (body === undefined) serialised.set(key, (body = JSON.stringify(errorBody(err.code, err.messageKey))));
  return reply.type(JSON_TYPE).send(body);
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

/**
 * The error handler of an app over `store`. Only store.read and store.write translate an outage into
 * UNAVAILABLE; the plain queries around them (sessions, counters, early refusals, identities) meet it as
 * a driver error, which is no bug of ours: while the database restarts they answer 503, not 500.
 */
export function errorHandlerFor(store: Pick<Store, 'isUnavailable'>) {
  return (err: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (!(err instanceof AppError) && store.isUnavailable(err)) {
      request.log.warn({ err }, 'store unavailable');
      return sendError(reply, new AppError('UNAVAILABLE', 'error.unavailable'));
    }
    return errorHandler(err, request, reply);
  };
}

/**
 * Fastify answers a URL it cannot decode (`/api/fn/%E0%A4%A`) or a path parameter over its length limit
 * before any route or error handler runs, in its own shape. Hostile URLs get the catalogue's shape too.
 */
export function frameworkErrors(_err: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  return sendError(reply, new AppError('INVALID_ARGUMENT', 'error.invalidArgument'));
}

/**
 * Bytes that are not HTTP (a garbage request line, a bad Content-Length, headers over Node's limit) are
 * refused by Node's parser before Fastify sees a request; answer them in the catalogue's shape as well.
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Duplex) {
  // A reset connection has nobody left to answer.
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable) {
    const body = JSON.stringify(errorBody('INVALID_ARGUMENT', 'error.invalidArgument'));
    socket.write(
      `HTTP/1.1 400 Bad Request\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}
