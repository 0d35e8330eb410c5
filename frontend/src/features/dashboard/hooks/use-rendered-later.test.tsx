import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { useRenderedLater } from './use-rendered-later';

function Screen() {
  const later = useRenderedLater();
  return (
    <main>
      <h1>Above the fold</h1>
      {later ? <p>Below the fold</p> : null}
    </main>
  );
}

describe('useRenderedLater', () => {
  it('leaves what waits for it out of the first render (its effect, after the first commit, brings it)', () => {
    // The server renderer runs no effects: what it renders is exactly the first render's output.
    expect(renderToString(<Screen />)).toBe('<main><h1>Above the fold</h1></main>');
  });
});
