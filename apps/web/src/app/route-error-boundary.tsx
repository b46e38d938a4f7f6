import { Component, type ReactNode } from 'react';
import { RouteErrorRoute } from './routes/route-error';

type Props = { children: ReactNode; resetKey: string };
type State = { error: unknown };

/** Catches a screen that failed to load or render; moving to another path clears it. */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override componentDidUpdate(previous: Props) {
    if (previous.resetKey !== this.props.resetKey && this.state.error !== null)
      this.setState({ error: null });
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override render() {
    return this.state.error === null ? this.props.children : <RouteErrorRoute />;
  }
}
