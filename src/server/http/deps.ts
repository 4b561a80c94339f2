/** What every handler may use: its clinic's (clinics/runtime.ts, one per clinic); tests build it with a real store and fakes at the HTTP edge. */
import type { Config } from '../config.js';
import type { PatientTokens } from '../auth/patient-tokens.js';
import type { Store } from '../storage/port.js';
import type { LineLogin } from '../line/line-login.js';
import type { WebPush } from '../push/web-push.js';
import type { LineSender } from '../notify/line-sender.js';
import type { AbusePolicy } from '../abuse/policy.js';
import type { Clock } from '../clock.js';
import type { Allocation } from '../domain/allocation/allocate.js';
import type { LiveEstimator } from '../domain/estimate/live-estimate.js';
import type { ServiceMessages } from '../notify/service-sender.js';
import type { Sealer } from '../auth/sealed.js';
import type { SmsSender } from '../notify/sms-sender.js';
import type { KioskTokens } from '../auth/kiosk-tokens.js';
import type { DeviceTokens } from '../auth/staff-devices.js';
import type { TicketPrinter } from '../outside/epos-printer.js';

export interface Deps {
  config: Config;
  store: Store;
  tokens: PatientTokens;
  lineLogin: LineLogin;
  webPush: WebPush;
  lineSender: LineSender;
  /** Twilio's Messages API (decision 070); the account is the clinic's setting, read at each send. */
  smsSender: SmsSender;
  abuse: AbusePolicy;
  /** Seals the check-in secrets at rest (domain/arrival/keys.ts, decision 059). */
  checkinSealer: Sealer;
  /** Seals the SMS provider's token and the desk patients' mobile numbers (domain/sms/keys.ts, decision 070). */
  smsSealer: Sealer;
  /** Taking numbers, with this process's view of reception (one per app, not per module). */
  allocation: Allocation;
  /** This process's live estimate (the streams' own): 「どちらの医師でも」 weighs each queue's pace with it. */
  estimator: LiveEstimator;
  /** LINE MINI App service messages (decision 051): asks for a reservation's token after its number is taken. */
  serviceMessages: ServiceMessages;
  /** Signs and checks the entrance kiosks' cookies (decision 072). */
  kioskTokens: KioskTokens;
  /** Signs and checks the staff devices' cookies (the sign-in lock's exemption for a known device). */
  staffDevices: DeviceTokens;
  /** The clinic's network receipt printer (decision 074); its address is the clinic's setting, read at each print. */
  ticketPrinter: TicketPrinter;
  /** The time the calendar is read at (tests move it by hand). */
  clock: Clock;
  // No logger here: a handler logs with request.log, whose every line carries the request id.
}
