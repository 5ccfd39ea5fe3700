import { Component, lazy } from "react";
import type { ReactNode } from "react";

/**
 * `React.lazy` that can try again: React keeps a failed import for good (offline, the chunk never
 * comes), so `retry` makes a fresh lazy component whose next render imports anew.
 */
export function retryableLazy(load: () => Promise<{ readonly default: () => ReactNode }>): {
  readonly Component: () => ReactNode;
  readonly retry: () => void;
} {
  let Current = lazy(load);
  return {
    Component: () => <Current />,
    retry: () => {
      Current = lazy(load);
    },
  };
}

interface LoadBoundaryProps {
  /** What stands in while it failed; `retry` renders the children again (after `onRetry`). */
  readonly fallback: (retry: () => void, error: unknown) => ReactNode;
  /** Before the children render again (a `retryableLazy`'s `retry`). */
  readonly onRetry?: () => void;
  readonly children: ReactNode;
}

/** An error boundary around a lazily loaded part: its own fallback, never the whole app's. */
export class LoadBoundary extends Component<
  LoadBoundaryProps,
  { readonly failed: boolean; readonly error: unknown }
> {
  override state = { failed: false, error: undefined as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { failed: true, error };
  }

  retry = () => {
    this.props.onRetry?.();
    this.setState({ failed: false, error: undefined });
  };

  override render() {
    return this.state.failed ? this.props.fallback(this.retry, this.state.error) : this.props.children;
  }
}
