import type { ComponentType, JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { t } from '@/lib/i18n';

/** A component whose code loads when it is first drawn (or when `load` is called before). */
export interface LazyComponent<P> {
  (props: P): JSX.Element | null;
  /** Starts loading the code (at idle time, or when the user points at what will draw it). */
  load(): Promise<ComponentType<P>>;
}

/**
 * `load` imports the component's module (`() => import('./OutboxTab').then((m) => m.OutboxTab)`), so
 * the bundler puts it in a chunk of its own that the page fetches only when it is needed: what the
 * first screen does not show stays off its path. Until the code is there nothing is drawn; when it
 * cannot load (the extension was updated while the page stayed open, and the old chunk is gone), the
 * page says so and offers to reload itself.
 */
export function lazy<P extends object>(load: () => Promise<ComponentType<P>>): LazyComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const start = (): Promise<ComponentType<P>> => {
    loading ??= load().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        // A later try may succeed (a file read that failed once): ask again then.
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  function Lazy(props: P) {
    const [component, setComponent] = useState<ComponentType<P> | undefined>(() => loaded);
    const [failed, setFailed] = useState(false);
    useEffect(() => {
      if (component !== undefined) return;
      let live = true;
      start().then(
        (found) => live && setComponent(() => found),
        () => live && setFailed(true),
      );
      return () => {
        live = false;
      };
    }, [component]);
    if (component !== undefined) {
      const Component = component;
      return <Component {...props} />;
    }
    if (!failed) return null;
    return (
      <p class="feedback error" role="alert">
        {t('lazyLoadFailed')}{' '}
        <button type="button" class="link" onClick={() => location.reload()}>
          {t('lazyLoadReload')}
        </button>
      </p>
    );
  }
  Lazy.load = start;
  return Lazy;
}
