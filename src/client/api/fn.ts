/** Calls a server function through the envelope of the wire contract; refusals become FnError. */
import type { ErrorBody, ErrorCode } from '../../shared/errors.js';
import type { FunctionName, FunctionPayload, FunctionResults } from '../../shared/schemas/functions.js';
import { t } from '../ui/language.js';
import { currentLang, localizeMessage } from '../ui/language.js';

export class FnError extends Error {
  constructor(
    readonly status: ErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export async function callFn<N extends FunctionName>(
  name: N,
  data: FunctionPayload<N>,
  token?: string | null,
): Promise<FunctionResults[N]> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  let response: Response;
  try {
    // A number carries the reader's language, for the notices about it (decision 023). Stamped here, in the
    // chunk every route set shares, because /line's budget had no bytes left for it in the book screen.
    const payload = name === 'allocateNextSlot' ? { ...data, lang: currentLang() } : data;
    response = await fetch(`/api/fn/${name}`, { method: 'POST', headers, body: JSON.stringify({ data: payload }) });
  } catch {
    throw new FnError('UNAVAILABLE', t('error.unavailable'));
  }
  const body = (await response.json().catch(() => null)) as { result: FunctionResults[N] } | ErrorBody | null;
  if (body && 'result' in body) return body.result;
  if (body && 'error' in body) throw new FnError(body.error.status, localizeMessage(body.error.message));
  throw new FnError('INTERNAL', t('error.internal'));
}
