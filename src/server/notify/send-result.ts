/** What one delivery attempt came to; the worker turns it into sent, a later retry, or a recorded failure. */
export type SendResult =
  | { kind: 'sent' }
  /** 5xx, 429, timeout or network: try again later with the same retry key. */
  | { kind: 'retry'; reason: string }
  /** Refused for good (bad token, unknown user, 4xx). */
  | { kind: 'fail'; reason: string }
  /** The push subscription is gone (404/410): delete it. */
  | { kind: 'gone'; reason: string };

/** Classifies an HTTP status of an outside service. */
export function resultOfStatus(status: number, detail = ''): SendResult {
  if (status >= 200 && status < 300) return { kind: 'sent' };
  const reason = `HTTP ${status}${detail ? `: ${detail.slice(0, 200)}` : ''}`;
  if (status >= 500 || status === 429 || status === 408) return { kind: 'retry', reason };
  return { kind: 'fail', reason };
}

/** Rejects after `ms` so a hung outside service cannot hold a worker forever. */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
    }),
  ]);
}
