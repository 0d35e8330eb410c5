import { lazy, type ComponentType } from 'react';

/** A route screen loaded on demand, whose module can also be fetched ahead of the first render. */
export type PreloadableScreen = ComponentType & { preload: () => Promise<unknown> };

/**
 * React.lazy, except that a screen whose module has already arrived renders directly, without suspending.
 * That matters for the first render of an account screen: each of its three nested lazy levels (shell,
 * guard, page) that suspends shows "Loading..." and React then holds the revealed content back for up to
 * 300 ms (its Suspense throttle), which added close to a second to every signed-in page's first paint of
 * real content (issue 16 §5). main.tsx waits for the preloads, so none of them suspends.
 *
 * Which of the two a screen renders is fixed by its first render: switching from the lazy wrapper to the
 * module's own component later would remount the page and lose its state.
 */
export function preloadableLazy(load: () => Promise<{ default: ComponentType }>): PreloadableScreen {
  let loaded: ComponentType | undefined;
  let renderedLazily = false;
  const loadAndKeep = () =>
    load().then((module) => {
      loaded = module.default;
      return module;
    });
  const Lazy = lazy(loadAndKeep);
  function Screen() {
    if (!loaded) renderedLazily = true;
    const Component = renderedLazily || !loaded ? Lazy : loaded;
    return <Component />;
  }
  return Object.assign(Screen, { preload: loadAndKeep });
}
