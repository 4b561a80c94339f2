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

export function runChecks(facts: DoctorFacts): CheckResult[] {
  return [
    checkPublicOrigin(facts),
    checkLoginChannel(facts),
    checkCallbackUrl(facts),
    ...checkLiffApps(facts),
    checkMessagingToken(facts),
    checkMessagingQuota(facts),
    checkWebhook(facts),
    checkMiniAppChannel(facts),
    checkServiceTemplate(facts),
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
