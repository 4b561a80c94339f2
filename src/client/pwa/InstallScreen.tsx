/**
 * /pwa/install (docs/product.md, "/pwa"): on Android the install button (when the browser offered its prompt) and the
 * steps through the browser menu, which work where it did not; on iPhone the Add-to-Home-Screen steps; on
 * anything else the notice pointing to the clinic's LINE account.
 */
import '../patient/patient.css';
import { type ReactNode, useId, useState } from 'react';
import { t } from '../ui/language.js';
import { ShareIcon } from './icons.js';
import { type InstallOutcome, promptInstall, useInstallPrompt } from './install-prompt.js';
import type { InstallPlatform } from './platform.js';

export interface InstallScreenProps {
  platform: InstallPlatform;
  /** The clinic's LINE official account (client configuration); null until known or when not set. */
  officialAccountUrl: string | null;
}

export function InstallScreen({ platform, officialAccountUrl }: InstallScreenProps) {
  return (
    <main className="page patient pwa-install">
      {/* Asking to add the app to a device that cannot would contradict the notice below it. */}
      <h1>{platform === 'unsupported' ? t('openInLine.title') : t('install.title')}</h1>
      {platform === 'android' ? <AndroidGuide /> : null}
      {platform === 'ios' ? <IosGuide /> : null}
      {platform === 'unsupported' ? <Unsupported officialAccountUrl={officialAccountUrl} /> : null}
    </main>
  );
}

function AndroidGuide() {
  const { canPrompt, installed } = useInstallPrompt();
  const [outcome, setOutcome] = useState<InstallOutcome | null>(null);
  return (
    <>
      <p>{t('install.lead')}</p>
      {canPrompt ? (
        <button
          type="button"
          className="button primary block install-button"
          onClick={() => void promptInstall().then(setOutcome, () => setOutcome('unavailable'))}
        >
          {t('install.android.button')}
        </button>
      ) : null}
      <p role="status" className="install-outcome">
        {outcome === 'dismissed' ? t('install.dismissed') : installed || outcome === 'accepted' ? t('install.accepted') : ''}
      </p>
      <Steps steps={[t('install.android.step1'), t('install.android.step2'), t('install.android.step3')]} />
    </>
  );
}

function IosGuide() {
  return (
    <>
      <p>{t('install.lead')}</p>
      <Steps
        steps={[
          <>
            {t('install.ios.step1')} <ShareIcon />
          </>,
          t('install.ios.step2'),
          t('install.ios.step3'),
        ]}
      />
    </>
  );
}

function Steps({ steps }: { steps: ReactNode[] }) {
  const titleId = useId();
  return (
    <section className="card install-steps" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('install.stepsTitle')}</h2>
      <ol>
        {steps.map((step, i) => (
          <li key={i}>{step}</li>
        ))}
      </ol>
      <p className="small-note">{t('install.openFromHome')}</p>
    </section>
  );
}

function Unsupported({ officialAccountUrl }: { officialAccountUrl: string | null }) {
  return (
    <section className="card">
      <p className="install-unsupported">{t('install.unsupported')}</p>
      {officialAccountUrl ? (
        <a className="button primary block" href={officialAccountUrl}>
          {t('install.toLine')}
        </a>
      ) : null}
    </section>
  );
}
