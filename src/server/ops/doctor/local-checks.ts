/** The checks of this machine and its settings: public origin, Web Push, store, staff accounts, clock. */
import type { CheckResult, DoctorFacts, Probe } from './facts.js';

const fail = (name: string, detail: string, fix: string): CheckResult => ({ name, status: 'fail', detail, fix });
const warn = (name: string, detail: string, fix: string): CheckResult => ({ name, status: 'warn', detail, fix });
const ok = (name: string, detail: string): CheckResult => ({ name, status: 'ok', detail });

export function checkPublicOrigin({ config }: DoctorFacts): CheckResult {
  const name = 'public origin';
  const origin = config.PUBLIC_ORIGIN;
  const fix = 'serve the app over https behind a reverse proxy with a certificate (README), and set PUBLIC_ORIGIN=https://<that address>';
  if (!origin) return fail(name, 'PUBLIC_ORIGIN is not set: the address patients and LINE reach this server at is unknown', fix);
  // LINE Login, LIFF endpoints, Web Push and installing the app all refuse plain http.
  if (!origin.startsWith('https://')) return fail(name, `${origin} is not https: LINE Login, LIFF and Web Push need https`, fix);
  return ok(name, origin);
}

const base64urlBytes = (value: string): Buffer | null =>
  /^[A-Za-z0-9_-]+={0,2}$/.test(value) ? Buffer.from(value, 'base64url') : null;

/** A P-256 key pair as web-push makes it: an uncompressed public point (65 bytes) and a 32-byte private key. */
function vapidPairProblem(publicKey: string, privateKey: string): string | null {
  const pub = base64urlBytes(publicKey);
  if (!pub || pub.length !== 65 || pub[0] !== 4) return 'the public key is not a base64url P-256 public key (65 bytes)';
  const priv = base64urlBytes(privateKey);
  if (!priv || priv.length !== 32) return 'the private key is not a base64url P-256 private key (32 bytes)';
  return null;
}

export function checkVapidKeys({ config, vapidFile }: DoctorFacts): CheckResult {
  const name = 'Web Push keys (VAPID)';
  const regenerate = 'generate a pair with `npx web-push generate-vapid-keys` and set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (patients then allow notices again)';
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) {
    const problem = vapidPairProblem(config.VAPID_PUBLIC_KEY, config.VAPID_PRIVATE_KEY);
    return problem ? fail(name, `VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY: ${problem}`, regenerate) : ok(name, 'set in VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY');
  }
  const file = `${config.DATA_DIR}/vapid-keys.json`;
  if (vapidFile.found) {
    const problem = vapidFile.error ?? vapidPairProblem(vapidFile.publicKey ?? '', vapidFile.privateKey ?? '');
    return problem ? fail(name, `${file}: ${problem}`, `${regenerate}, or move ${file} away to have new keys generated`) : ok(name, `in ${file}`);
  }
  if (config.DATABASE_URL) {
    return warn(name, `not set and not yet generated; each server process would generate its own into its DATA_DIR`, `with several processes, ${regenerate} on every process`);
  }
  return ok(name, `generated into ${file} at the first Web Push`);
}

export function checkVapidSubject({ config }: DoctorFacts): CheckResult {
  const name = 'Web Push contact (VAPID_SUBJECT)';
  const fix = "set VAPID_SUBJECT to mailto:<the clinic's e-mail address> or the clinic's https:// web site";
  const subject = config.VAPID_SUBJECT;
  if (!subject) return fail(name, 'VAPID_SUBJECT is not set: no Web Push notice is sent to patients of the installed app', fix);
  // Apple answers 403 BadJwtToken for localhost subjects.
  if (/localhost|127\.0\.0\.1|\.local\b|example\.(com|org|net)/i.test(subject)) {
    return fail(name, `${subject} is not a real contact: Apple refuses Web Push with it`, fix);
  }
  return ok(name, subject);
}

export function checkStore({ config, store }: DoctorFacts): CheckResult {
  const name = 'store';
  const where = config.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `SQLite in ${config.DATA_DIR}`;
  if (!store.ok) {
    const fix = config.DATABASE_URL
      ? 'check DATABASE_URL, that PostgreSQL runs and that the user may create tables in the database'
      : `check that DATA_DIR (${config.DATA_DIR}) exists and is writable by the user that runs the server`;
    return fail(name, `${where} could not be opened and migrated: ${store.error}`, fix);
  }
  if (store.writeError) {
    return fail(name, `${where} opened but refuses writes: ${store.writeError}`, 'give the server user write access to the database (file and directory, or PostgreSQL grants)');
  }
  if (store.clinics > 1 && store.rowSecurity === false) {
    return warn(
      name,
      `${where} holds ${store.clinics} clinics but the server connects as a superuser or BYPASSRLS role: PostgreSQL's row security does not check that each clinic sees only its own rows`,
      'connect as an ordinary role that owns the tables (README, "Several clinics on one deployment")',
    );
  }
  return ok(name, `${where}: migrated (${store.migrations} migrations), writable${store.clinics > 1 ? `, ${store.clinics} clinics` : ''}`);
}

export function checkStaffAccounts({ store }: DoctorFacts): CheckResult {
  const name = 'staff accounts';
  if (!store.ok) return warn(name, 'not checked: the store could not be opened', 'fix the store first');
  if (store.activeStaff > 0) return ok(name, `${store.activeStaff} active${store.disabledStaff ? `, ${store.disabledStaff} disabled` : ''}`);
  if (store.disabledStaff > 0) {
    return fail(name, `all ${store.disabledStaff} accounts are disabled: nobody can sign in to /admin`, 'npm run staff -- enable <username>, or npm run staff -- add <username>');
  }
  return fail(name, 'no staff account: nobody can sign in to /admin', 'npm run staff -- add <username> (asks for the password)');
}

/** Past this the doctor warns; past the second it fails (tokens and push signatures carry times). */
export const CLOCK_WARN_SECONDS = 5;
export const CLOCK_FAIL_SECONDS = 300;

export function checkClock({ messaging, login }: DoctorFacts): CheckResult {
  const name = 'clock';
  const answers = [messaging.bot, login.token, messaging.quota].filter(
    (p): p is Extract<Probe, { kind: 'answer' }> => p?.kind === 'answer' && p.date !== null && !Number.isNaN(Date.parse(p.date)),
  );
  const answer = answers[0];
  if (!answer) return warn(name, 'not compared: no answer from LINE with a Date header', 'make sure LINE can be reached (see above), or compare the clock with `timedatectl`');
  // The Date header has whole seconds: up to a second of the difference is rounding.
  const skew = Math.round((answer.receivedAt - Date.parse(answer.date as string)) / 1000);
  const detail = skew === 0 ? "agrees with LINE's" : `${Math.abs(skew)} s ${skew > 0 ? 'ahead of' : 'behind'} LINE's`;
  const fix = 'turn on time synchronisation (timedatectl set-ntp true, or chrony/ntpd)';
  if (Math.abs(skew) > CLOCK_FAIL_SECONDS) return fail(name, `${detail}: sign-in tokens and push signatures will be refused`, fix);
  if (Math.abs(skew) > CLOCK_WARN_SECONDS) return warn(name, detail, fix);
  return ok(name, detail);
}
