/** Words for a probe that got no usable answer, shared by the LINE checks. */
import { BODY_LIMIT_BYTES } from '../../outside/bounded-fetch.js';
import type { Probe } from './facts.js';

export const LINE_CONSOLE = 'LINE Developers console (https://developers.line.biz/console/)';

/** null when LINE answered below 500; otherwise what went wrong, in words. */
export function unreachable(probe: Probe, base: string): string | null {
  if (probe.kind === 'timeout') return `LINE (${base}) did not answer within ${probe.seconds} s`;
  if (probe.kind === 'network') return `LINE (${base}) could not be reached: ${probe.message}`;
  if (probe.kind === 'tooLarge') return `LINE (${base}) answered ${probe.status} with a body over ${BODY_LIMIT_BYTES / 1024} KiB (cut off; is LINE_API_BASE_URL LINE's?)`;
  if (probe.status >= 500) return `LINE (${base}) answered ${probe.status}`;
  return null;
}

export const unreachableFix =
  "check this machine's internet access, proxy and firewall (outbound https to api.line.me), and LINE_API_BASE_URL; then run the doctor again";

export const numberField = (body: Record<string, unknown>, key: string): number | null =>
  typeof body[key] === 'number' ? (body[key] as number) : null;
