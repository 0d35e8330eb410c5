import { lazy, Suspense, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { preloadableLazy } from './preloadable-lazy';

const screenModule = async () => ({ default: (() => <h1>Dashboard</h1>) as ComponentType });
/**
 * What the server renderer shows: the screen, or the fallback (renderToString cannot wait for a suspended
 * component, so it renders the fallback; its Suspense comments and notes are dropped here).
 */
const render = (Screen: ComponentType) => {
  const html = renderToString(
    <Suspense fallback={<p>Loading...</p>}>
      <Screen />
    </Suspense>,
  );
  return html.includes('<p>Loading...</p>') ? 'fallback' : html.replace(/<!--.*?-->/g, '');
};

describe('preloadableLazy', () => {
  it('renders a preloaded screen at once, where React.lazy would still show its fallback', async () => {
    const Lazy = lazy(screenModule);
    const Preloadable = preloadableLazy(screenModule);
    await Preloadable.preload();

    expect(render(Lazy)).toBe('fallback');
    expect(render(Preloadable)).toBe('<h1>Dashboard</h1>');
  });

  it('suspends like React.lazy when rendered before its module arrived, and stays lazy after', async () => {
    let arrive!: () => void;
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    const Screen = preloadableLazy(async () => {
      await arrived;
      return screenModule();
    });

    expect(render(Screen)).toBe('fallback');
    arrive();
    await Screen.preload();
    // The first render chose the lazy path; it keeps it (no remount), and React.lazy has resolved by now.
    expect(render(Screen)).toBe('<h1>Dashboard</h1>');
  });
});
