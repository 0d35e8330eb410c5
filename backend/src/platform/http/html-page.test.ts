import { html } from 'hono/html';
import { expect, it } from 'vitest';
import { htmlPage } from './html-page';

it('renders a complete document with an empty icon, so the browser never asks the API for /favicon.ico', async () => {
  const page = String(await htmlPage({ title: 'Local <checkout>', body: html`<p>Pay</p>` }));
  expect(page).toMatch(/^<!doctype html>/);
  expect(page).toContain('<link rel="icon" href="data:," />');
  expect(page).toContain('<title>Local &lt;checkout&gt;</title>');
  expect(page).toContain('<p>Pay</p>');
});
