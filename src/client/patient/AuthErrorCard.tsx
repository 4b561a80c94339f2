/**
 * The card shown when signing in failed (docs/product.md, "Errors patients and staff see"): the channel's own advice, the technical reason in
 * small type for whoever helps the patient on the phone, and optionally a way to try again.
 */
import './patient.css';
import type { ReactNode } from 'react';

export function AuthErrorCard({ message, detail, children }: { message: string; detail?: string | null; children?: ReactNode }) {
  return (
    <main className="page patient">
      <section className="card auth-error" role="alert">
        <h1 className="auth-error-message">{message}</h1>
        {detail ? <p className="auth-error-detail">{detail}</p> : null}
        {children}
      </section>
    </main>
  );
}
