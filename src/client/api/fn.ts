/** Calls a server function through the envelope of the wire contract; refusals become FnError. */
import type { ErrorBody, ErrorCode } from '../../shared/errors.js';
import type { FunctionName, FunctionPayload, FunctionResults } from '../../shared/schemas/functions.js';
import { ja, type LabelKey, t } from '../../shared/labels/ja.js';

/**
 * The server answers in Japanese (it does not know the reader); a message that is a catalogue text is
 * shown in the reader's language instead. Anything else (a filled-in text) is shown as it came.
 */
let byJapanese: Map<string, LabelKey> | null = null;
export function localizeMessage(message: string): string {
  byJapanese ??= new Map(Object.entries(ja).map(([key, text]) => [text, key as LabelKey]));
  const key = byJapanese.get(message);
  return key ? t(key) : message;
}

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
    response = await fetch(`/api/fn/${name}`, { method: 'POST', headers, body: JSON.stringify({ data }) });
  } catch {
    throw new FnError('UNAVAILABLE', t('error.unavailable'));
  }
  const body = (await response.json().catch(() => null)) as { result: FunctionResults[N] } | ErrorBody | null;
  if (body && 'result' in body) return body.result;
  if (body && 'error' in body) throw new FnError(body.error.status, localizeMessage(body.error.message));
  throw new FnError('INTERNAL', t('error.internal'));
}
