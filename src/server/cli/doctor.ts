/**
 * `npm run doctor`: checks what a clinic needs before its first morning (LINE Login and LIFF, the
 * Messaging API token and quota, Web Push, the public origin, the store, staff accounts, the clock) and
 * prints one line per check with what to do. Exits 1 when any check fails.
 */
import { loadCliConfig } from './cli-config.js';
import { exitCodeOf, formatReport, runChecks } from '../ops/doctor/checks.js';
import { gatherFacts } from '../ops/doctor/gather.js';

async function main(): Promise<number> {
  const config = loadCliConfig((message) =>
    console.log(`fail  configuration  ${message.replace(/\n\s*/g, '; ')}. To do: correct these variables (README, Configuration)`),
  );
  if (!config) return 1;
  console.log(`clinic-queue doctor: checking with LINE at ${config.LINE_API_BASE_URL} (timeout ${config.DOCTOR_TIMEOUT_SECONDS} s)\n`);
  const results = runChecks(await gatherFacts(config));
  console.log(formatReport(results));
  return exitCodeOf(results);
}

// Exit at once: a store that never answered may still hold a connection attempt open.
process.exit(await main());
