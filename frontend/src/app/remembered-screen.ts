import { AUTH_MESSAGES } from '@shared/auth-messages';
import { rememberedDashboardHeading } from '../lib/remembered-dashboard';
import { routePath } from '../lib/route-path';
// The signed-in screens' frame and the dashboard's heading are styled from the entry's stylesheet, so the
// remembered screen painted below has the geometry the dashboard's first render gives it.
import '../components/layout/app-header.css';
import './remembered-screen.css';

/**
 * Opening /dashboard cold, the owner used to look at "Loading..." until the dashboard's code, the runtime
 * config and the config read had all arrived, the heading being the screen's largest content (its LCP,
 * issue 41 §4). When this browser's stored session is the owner who last saw the dashboard, the entry
 * paints the heading as it was then (lib/remembered-dashboard.ts), in the frame the dashboard renders into,
 * before any of that arrives; React's first render replaces it with the same heading, and the config's
 * answer confirms or corrects it (docs/decisions/188). Anything else keeps index.html's "Loading...".
 */
export function paintRememberedScreen(container: HTMLElement, pathname: string): boolean {
  const heading = routePath(pathname) === '/dashboard' ? rememberedDashboardHeading() : undefined;
  if (!heading) return false;
  const element = <K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string) => {
    const node = document.createElement(tag);
    node.className = className;
    if (text) node.textContent = text;
    return node;
  };
  // The header's bar without its links and Sign Out, which only work once the app runs.
  const header = element('header', 'app-header');
  header.append(element('div', 'container app-header-inner'));
  const main = element('main', 'container signed-in-main');
  const status = element('div', 'centered-status', AUTH_MESSAGES.loading);
  status.setAttribute('role', 'status');
  main.append(element('h1', 'dashboard-heading', heading), status);
  container.replaceChildren(header, main);
  return true;
}
