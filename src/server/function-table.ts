/**
 * Every function of `POST /api/fn/<name>`, and who may call each as its definition declares (decision 039):
 * the authorization test and the "who" column of docs/api.md are checked against `functionAccess`.
 */
import { FUNCTION_NAMES, type FunctionName } from '../shared/schemas/functions.js';
import { type Access, accessOf, type FunctionTable } from './http/function-def.js';
import { queueFunctions } from './functions/queue.js';
import { allocationSettingsFunctions } from './functions/allocation-settings.js';
import { identityFunctions } from './functions/identity.js';
import { receptionFunctions } from './functions/reception.js';
import { messagingFunctions } from './functions/messaging.js';
import { auditFunctions } from './functions/audit.js';
import { announcementFunctions } from './functions/announcements.js';
import { scheduleFunctions } from './functions/schedule.js';
import { statsFunctions } from './functions/stats.js';
import { calloutFunctions } from './functions/callout.js';
import { absenceFunctions } from './functions/absence.js';
import { arrivalFunctions } from './functions/arrival.js';

export const functionTable: FunctionTable = {
  ...queueFunctions,
  ...allocationSettingsFunctions,
  ...identityFunctions,
  ...receptionFunctions,
  ...messagingFunctions,
  ...auditFunctions,
  ...announcementFunctions,
  ...scheduleFunctions,
  ...statsFunctions,
  ...calloutFunctions,
  ...absenceFunctions,
  ...arrivalFunctions,
};

export const functionAccess = Object.fromEntries(FUNCTION_NAMES.map((name) => [name, accessOf(functionTable[name])])) as {
  readonly [N in FunctionName]: Access<N>;
};
