/** Every check, in the order the report prints them, and the exit code they make. */
import type { CheckResult, DoctorFacts } from './facts.js';
import { checkCallbackUrl, checkLiffApps, checkLoginChannel, checkMessagingQuota, checkMessagingToken } from './line-checks.js';
import {
  checkClock,
  checkPublicOrigin,
  checkStaffAccounts,
  checkStore,
  checkVapidKeys,
  checkVapidSubject,
} from './local-checks.js';
import { checkClientAddresses } from './proxy-checks.js';
import { checkWebhook } from './webhook-checks.js';
import { checkMiniAppChannel, checkServiceTemplate } from './miniapp-checks.js';

/** The checks of one clinic's LINE channels, in report order (the whole report's and each clinic's section). */
export function lineChannelChecks(facts: DoctorFacts): CheckResult[] {
  return [
    checkLoginChannel(facts),
    checkCallbackUrl(facts),
    ...checkLiffApps(facts),
    checkMessagingToken(facts),
    checkMessagingQuota(facts),
    checkWebhook(facts),
    checkMiniAppChannel(facts),
    checkServiceTemplate(facts),
  ];
}

export function runChecks(facts: DoctorFacts): CheckResult[] {
  return [
    checkPublicOrigin(facts),
    ...lineChannelChecks(facts),
    checkVapidKeys(facts),
    checkVapidSubject(facts),
    checkStore(facts),
    checkStaffAccounts(facts),
    checkClientAddresses(facts),
    checkClock(facts),
  ];
}

/** Non-zero when any check fails; warnings alone still pass. */
export const exitCodeOf = (results: CheckResult[]) => (results.some((r) => r.status === 'fail') ? 1 : 0);

export function formatReport(results: CheckResult[]): string {
  const width = Math.max(...results.map((r) => r.name.length));
  const lines = results.map((r) => {
    const head = `${r.status.padEnd(4)}  ${r.name.padEnd(width)}  ${r.detail}`;
    return r.fix && r.status !== 'ok' ? `${head}. To do: ${r.fix}` : head;
  });
  const count = (s: CheckResult['status']) => results.filter((r) => r.status === s).length;
  lines.push('', `${count('ok')} ok, ${count('warn')} warn, ${count('fail')} fail`);
  return lines.join('\n');
}

/**
 * The report of several sections (the deployment, then each clinic): a heading line each, the check lines as
 * formatReport prints them (one width for all), and one total line that names the clinics with a failure.
 */
export function formatSections(sections: { title: string; results: CheckResult[] }[]): string {
  const all = sections.flatMap((s) => s.results);
  const width = Math.max(...all.map((r) => r.name.length));
  const lines: string[] = [];
  for (const { title, results } of sections) {
    lines.push(`[${title}]`);
    for (const r of results) {
      const head = `${r.status.padEnd(4)}  ${r.name.padEnd(width)}  ${r.detail}`;
      lines.push(r.fix && r.status !== 'ok' ? `${head}. To do: ${r.fix}` : head);
    }
    lines.push('');
  }
  const count = (s: CheckResult['status']) => all.filter((r) => r.status === s).length;
  const failing = sections.filter((s) => s.results.some((r) => r.status === 'fail')).map((s) => s.title);
  lines.push(`${count('ok')} ok, ${count('warn')} warn, ${count('fail')} fail${failing.length ? ` (in: ${failing.join('; ')})` : ''}`);
  return lines.join('\n');
}
