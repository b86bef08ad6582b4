import { type ComponentType, lazy } from 'react';

/**
 * React.lazy that can be loaded ahead (`preload()`, from a route's loader) and then renders at once:
 * React.lazy suspends on its first render even when the module is already there, and its fallback
 * takes a render and a commit of its own (issue 20: a phone's main thread; on the sign-in screen, a
 * loader in place of the form index.html had already drawn). Ten lines rather than a dependency
 * (react-lazy-with-preload does the same).
 */
export function lazyWithPreload<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | undefined;
  // One load for every caller (a route's loader, the app's start, the first render); a failed one
  // is forgotten, so the next call tries again.
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function Preloadable(props: P) {
    const Component = loaded ?? Lazy;
    return <Component {...props} />;
  }
  return Object.assign(Preloadable, { preload });
}
