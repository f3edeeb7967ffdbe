/**
 * The site's entry. A public page arrives server-rendered: its code (preloaded by the page) is
 * loaded first, then the app hydrates the markup in place. The CRM (and a page whose code fails
 * to load) is rendered from scratch.
 */
import { hydrate, render } from 'preact';
import { matchRoute } from '../src/routes';
import { App } from './App';
import { preloadComponent } from './lib/lazyPage';
import { isPublicPage, PAGE_LOADERS } from './public/pages/registry';

const root = document.getElementById('app');
if (root) {
  if (root.firstElementChild) {
    const match = matchRoute(location.pathname);
    const id = match?.route.page;
    const ready = id && isPublicPage(id) ? preloadComponent(PAGE_LOADERS[id]) : Promise.resolve();
    ready.then(
      () => {
        // A mark in the performance timeline (DevTools, Lighthouse): hydration is the page's own longest task.
        performance.mark('hydrate-start');
        hydrate(<App />, root);
        performance.measure('hydrate', 'hydrate-start');
      },
      () => render(<App />, root),
    );
  } else {
    render(<App />, root);
  }
}
