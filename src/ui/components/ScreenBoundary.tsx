import { Component, type ReactNode } from 'react';
import { ErrorPanel } from './ErrorPanel.tsx';

/** Catches a screen's render errors; moving to another screen (resetKey) clears it. */
export class ScreenBoundary extends Component<{ resetKey: string; children: ReactNode }, { error: unknown; key: string }> {
  override state = { error: null as unknown, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: { resetKey: string }, state: { error: unknown; key: string }) {
    return props.resetKey !== state.key ? { error: null, key: props.resetKey } : null;
  }

  override componentDidCatch(error: unknown) {
    console.error('IWR Studio: a screen failed to render', error);
  }

  override render() {
    if (this.state.error) {
      return (
        <ErrorPanel
          title="This screen failed to show."
          error={this.state.error}
          actions={[
            { label: 'Try again', onClick: () => this.setState({ error: null }) },
            { label: 'Back to the tasks', href: '#/tasks' },
            { label: 'Reload the app', onClick: () => location.reload() },
          ]}
        />
      );
    }
    return this.props.children;
  }
}
