import { Spin } from 'antd';
import { Component, Suspense, lazy, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { CHINESE_RENDERINGS } from '@zhengai/contracts';
import { LOADER_DELAY_MS, LOADER_TIMEOUT_MS } from '../utils/constants';

/** A spinner that appears only if loading takes longer than 200 ms, so fast loads do not flash. */
export function DelayedSpin({ fullPage = false }: { fullPage?: boolean }) {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setVisible(true), LOADER_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  if (!visible) return null;
  return (
    <div style={{ display: 'flex', justifyContent: 'center', alignItems: 'center', padding: 48, minHeight: fullPage ? '100vh' : 200 }}>
      <Spin size="large" />
    </div>
  );
}

// antd's Result brings its three large status pictures: it loads only once a page has failed. If it cannot load
// either (the network is gone), the same words stand alone.
const FailureResult = lazy<ComponentType<{ status: 'error'; title: string }>>(() =>
  import('antd/es/result').catch(() => ({ default: ({ title }: { status: 'error'; title: string }) => <div role="alert">{title}</div> })),
);

/** Catches a page that failed to load or render; the loader's failure text is 出错了！ ('Error!', spec 000 §8). */
export class PageBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    if (this.state.failed) {
      return (
        <Suspense fallback={null}>
          <FailureResult status="error" title={CHINESE_RENDERINGS.loadFailed} />
        </Suspense>
      );
    }
    return this.props.children;
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('page load timed out')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** A route page loaded on demand: delayed spinner while loading, 出错了！ when the chunk fails or takes over 10 s. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any props, as React.lazy itself takes
export function lazyPage<P extends Record<string, any> = Record<string, never>>(
  factory: () => Promise<{ default: ComponentType<P> }>,
): ComponentType<P> {
  const Page = lazy(() => withTimeout(factory(), LOADER_TIMEOUT_MS));
  return function LazyPage(props: P) {
    return (
      <PageBoundary>
        <Suspense fallback={<DelayedSpin />}>
          <Page {...props} />
        </Suspense>
      </PageBoundary>
    );
  };
}
