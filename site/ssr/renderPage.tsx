/**
 * The server's entry into the site: renders a public URL with the same components the browser
 * hydrates (preact-render-to-string), collecting the data answers used and the page's metadata.
 * Runs synchronously per render; every page's code is registered once beforehand (`loadAllPages`).
 */
import { renderToString } from 'preact-render-to-string';
import { Router } from 'wouter';
import { App } from '../App';
import type { ComponentType } from 'react';
import { primeComponent } from '../lib/lazyPage';
import { withHeadSink, type HeadSink } from '../lib/head';
import { withPageDataResolver, type PageData, type PageDataResolver, type PageStatus } from '../lib/pageData';
import { PAGE_LOADERS, PAGE_MODULE_NAMES, isPublicPage } from '../public/pages/registry';
import type { PageId } from '../../src/routes';
import type { PageProps } from '../public/pageTypes';
// Static imports: a server render is synchronous, so every page's code is at hand beforehand.
import AnnouncementsPage from '../public/pages/AnnouncementsPage';
import CalendarPage from '../public/pages/CalendarPage';
import CategoryPage from '../public/pages/CategoryPage';
import ContactPage from '../public/pages/ContactPage';
import CoursePage from '../public/pages/CoursePage';
import EventPage from '../public/pages/EventPage';
import EventRegistrationPage from '../public/pages/EventRegistrationPage';
import EventsPage from '../public/pages/EventsPage';
import HomePage from '../public/pages/HomePage';
import InfoContentPage from '../public/pages/InfoContentPage';
import KpiPage from '../public/pages/KpiPage';
import ListingPage from '../public/pages/ListingPage';
import ProfessorsPage from '../public/pages/ProfessorsPage';
import SearchPage from '../public/pages/SearchPage';

const PAGE_MODULES: Record<string, ComponentType<PageProps>> = {
  AnnouncementsPage,
  CalendarPage,
  CategoryPage,
  ContactPage,
  CoursePage,
  EventPage,
  EventRegistrationPage,
  EventsPage,
  HomePage,
  InfoContentPage,
  KpiPage,
  ListingPage,
  ProfessorsPage,
  SearchPage,
};

export type { PageData, PageDataResolver, PageStatus } from '../lib/pageData';
export type { HeadSink, JsonLd, PageMeta } from '../lib/head';
export { metaTags, structuredDocument } from '../lib/head';

/** Makes every page's code available to the lazy-page hook; fails loudly if one is missing. */
export function loadAllPages(): void {
  for (const [loader, name] of PAGE_MODULE_NAMES) {
    const Component = PAGE_MODULES[name];
    if (!Component) throw new Error(`The server has no code for the page module ${name}`);
    primeComponent(loader, Component);
  }
}

/** The file name (without extension) of the module holding a page's code, for preloading its chunk. */
export function pageModuleName(id: PageId): string | null {
  return isPublicPage(id) ? (PAGE_MODULE_NAMES.get(PAGE_LOADERS[id]) ?? null) : null;
}

export interface RenderedPage {
  html: string;
  head: HeadSink;
  /** Answers the render used, to embed for hydration. */
  data: Map<string, PageData>;
  /** Answers the render needed but `resolve` did not have (fetch them, then render again). */
  pending: Set<string>;
  /** The status the rendered page declared (the 404 page, a withdrawn course's page), else null. */
  status: PageStatus | null;
}

export function renderPage(path: string, search: string, origin: string, resolve: PageDataResolver): RenderedPage {
  const rendered = withHeadSink(origin, () =>
    withPageDataResolver(resolve, () =>
      renderToString(
        <Router ssrPath={path} ssrSearch={search}>
          <App />
        </Router>,
      ),
    ),
  );
  const { result, used, pending, status } = rendered.result;
  return { html: result, head: rendered.head, data: used, pending, status };
}
