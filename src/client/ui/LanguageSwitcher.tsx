/**
 * The visible 日本語 / English switch of every patient screen. Each name is written in its own language
 * (and marked so with `lang`) so a reader finds theirs whatever the page's language is.
 */
import { Fragment, type ReactNode } from 'react';
import { t } from './language.js';
import { chooseLang, LANGS, useLang } from './language.js';

export function LanguageSwitcher() {
  const lang = useLang();
  return (
    <nav className="lang-switcher" aria-label={t('lang.label')}>
      {LANGS.map((option) => (
        <button
          key={option}
          type="button"
          lang={option}
          className="lang-option"
          aria-pressed={option === lang}
          onClick={() => void chooseLang(option)}
        >
          {t(option === 'ja' ? 'lang.ja' : 'lang.en')}
        </button>
      ))}
    </nav>
  );
}

/**
 * Remounts the screens below on a switch: every `t()` call re-reads the catalogue without any component
 * having to subscribe. Screen state is reloaded from the server, as after any reconnect.
 */
export function LanguageRoot({ children }: { children: ReactNode }) {
  const lang = useLang();
  return <Fragment key={lang}>{children}</Fragment>;
}
