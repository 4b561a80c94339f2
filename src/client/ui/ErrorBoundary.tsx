/** Catches render errors and failed chunk loads anywhere below and shows the global error screen. */
import { Component, type ReactNode } from 'react';
import { ErrorScreen } from './ErrorScreen.js';

export class ErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state = { error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override render() {
    return this.state.error ? <ErrorScreen error={this.state.error} /> : this.props.children;
  }
}
