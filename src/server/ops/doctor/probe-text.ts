/** Words for a probe that got no usable answer, shared by the LINE checks. */
import type { Probe } from './facts.js';

export const LINE_CONSOLE = 'LINE Developers console (https://developers.line.biz/console/)';

/** null when LINE answered below 500; otherwise what went wrong, in words. */
export function unreachable(probe: Probe, base: string): string | null {
  if (probe.kind === 'timeout') return `LINE (${base}) did not answer within ${probe.seconds} s`;
  if (probe.kind === 'network') return `LINE (${base}) could not be reached: ${probe.message}`;
  if (probe.status >= 500) return `LINE (${base}) answered ${probe.status}`;
  return null;
}

export const unreachableFix =
  "check this machine's internet access, proxy and firewall (outbound https to api.line.me), and LINE_API_BASE_URL; then run the doctor again";

export const numberField = (body: Record<string, unknown>, key: string): number | null =>
  typeof body[key] === 'number' ? (body[key] as number) : null;
