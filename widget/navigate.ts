/**
 * Where the browser goes after a successful inquiry (requirements R-inquiry-states: the preset redirect, else the
 * thank-you page). On the widget's own site the move is client-side: history.pushState plus a
 * popstate event, which wouter (and most routers) follow without a reload. Anywhere else it is a
 * normal navigation: a partner's static page would otherwise only change its address bar.
 * A partner with its own client-side router opts in with data-navigation="history".
 */

export type NavigationMode = 'auto' | 'history' | 'document';

export interface NavigationWindow {
  location: { href: string; origin: string; assign(url: string): void };
  history: { pushState(data: unknown, unused: string, url: string): void };
  dispatchEvent(event: Event): boolean;
}

/** True when the move should be client-side (history API); false for a full navigation. */
export function isClientSide(target: string, pageHref: string, widgetOrigin: string, mode: NavigationMode): boolean {
  const targetOrigin = new URL(target, pageHref).origin;
  const pageOrigin = new URL(pageHref).origin;
  if (targetOrigin !== pageOrigin || mode === 'document') return false;
  return mode === 'history' || pageOrigin === widgetOrigin;
}

export function navigateTo(target: string, win: NavigationWindow, widgetOrigin: string, mode: NavigationMode): void {
  const url = new URL(target, win.location.href);
  if (isClientSide(url.href, win.location.href, widgetOrigin, mode)) {
    win.history.pushState(null, '', url.pathname + url.search + url.hash);
    win.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  } else {
    win.location.assign(url.href);
  }
}
