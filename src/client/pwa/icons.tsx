/**
 * The footer's icons (menu-all, menu-book, menu-my), drawn inline so they cost no request and
 * follow the text colour. Decorative: every tab also has its label.
 */
import type { ReactNode } from 'react';

function Icon({ name, size, children }: { name: string; size: number; children: ReactNode }) {
  return (
    <svg
      className="menu-icon"
      data-icon={name}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

/** A numbered list: the whole queue. */
export function MenuAllIcon({ size }: { size: number }) {
  return (
    <Icon name="menu-all" size={size}>
      <rect x="3" y="3" width="18" height="18" rx="2.5" />
      <path d="M10 8h7M10 12h7M10 16h7" />
      <path d="M7 8h.01M7 12h.01M7 16h.01" strokeWidth={2.6} />
    </Icon>
  );
}

/** A ticket with its tear-off line and a plus: take a number. */
export function MenuBookIcon({ size }: { size: number }) {
  return (
    <Icon name="menu-book" size={size}>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="M15 5v2M15 11v2M15 17v2" />
      <path d="M8 9v6M5 12h6" />
    </Icon>
  );
}

/** A person with their card: my reservation. */
export function MenuMyIcon({ size }: { size: number }) {
  return (
    <Icon name="menu-my" size={size}>
      <circle cx="12" cy="8" r="3.5" />
      <path d="M5 20.5a7 7 0 0 1 14 0" />
    </Icon>
  );
}

/** iOS's share symbol (a box with an arrow), so the guide's first step matches what the patient looks for. */
export function ShareIcon() {
  return (
    <Icon name="ios-share" size={22}>
      <path d="M12 3v12M8 7l4-4 4 4" />
      <path d="M7 10H5.5A1.5 1.5 0 0 0 4 11.5v8A1.5 1.5 0 0 0 5.5 21h13a1.5 1.5 0 0 0 1.5-1.5v-8a1.5 1.5 0 0 0-1.5-1.5H17" />
    </Icon>
  );
}
