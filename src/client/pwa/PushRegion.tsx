/**
 * The notification region below the app screens: usePush with its prompt and status. Its own lazy chunk
 * (loaded as the app screens mount, and precached by the worker like every /pwa chunk): the sign-up check
 * waits for the installation's sign-in anyway, so the screen above need not wait for this code, and /pwa's
 * first load stays within its page-weight budget (docs/decisions/007).
 */
import { t } from '../ui/language.js';
import type { PatientAuth } from '../patient/patient-context.js';
import { PushPrompt, PushStatus } from './PushPanel.js';
import type { PwaTab } from './routes.js';
import { usePush } from './usePush.js';

export interface PushRegionProps {
  auth: PatientAuth;
  clinicName: string | null;
  tab: PwaTab;
}

export function PushRegion({ auth, clinicName, tab }: PushRegionProps) {
  const push = usePush(auth, clinicName);
  // The screen's own content comes first (PwaApp places this below it): at 200 % text a prompt above would
  // push the take button or the patient's number off the first screen.
  const prompt = tab !== 'all' && (push.view.kind === 'prompt' || push.view.kind === 'denied');
  const status = tab === 'my' && ['subscribed', 'notConfigured', 'unsupported'].includes(push.view.kind);
  if (!prompt && !status) return null;
  return (
    <section className="pwa-below" aria-label={t('push.region')}>
      {prompt ? <PushPrompt view={push.view} busy={push.busy} onEnable={push.enable} /> : null}
      {status ? <PushStatus view={push.view} test={push.test} onTest={push.sendTest} /> : null}
    </section>
  );
}
