/**
 * The form code's entry (built to its own file, fetched by the loader on first intent or open):
 * mounts the widget once (when the page has a body: a loader in <head> may have it sooner), a host element at the end of document.body with an open shadow root
 * (open, so assistive-technology checkers and tests can look inside), the CSS adopted into it,
 * and the preact tree rendered there.
 */
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import type { Attribution } from '../src/attribution';
import type { WidgetConfig } from './config';
import type { Controller } from './controller';
import type { CourseList } from './course-source';
import type { Events } from './events';
import { navigateTo } from './navigate';
import { adoptCss, widgetCss } from './styles';
import { createToastStore } from './toasts';
import { Widget } from './ui/Widget';

export const HOST_TAG = 'college-inquiry-widget';

export interface MountDeps {
  config: WidgetConfig;
  attribution: Attribution;
  controller: Controller;
  events: Events;
  courseList: CourseList;
}

/** What the form module exports to the loader. */
export interface FormModule {
  mountWidget(deps: MountDeps): void;
}

export function mountWidget(deps: MountDeps): void {
  if (document.body) mount(deps);
  else document.addEventListener('DOMContentLoaded', () => mount(deps), { once: true });
}

function mount({ config, attribution, controller, events, courseList }: MountDeps): void {
  const host = document.createElement(HOST_TAG);
  // Inherited page styles (body{font-size:30px;color:red}) would cross into the shadow tree:
  // reset them on the host itself, with an inline !important no page rule can beat. `all`
  // leaves direction alone, so the English form is made left-to-right explicitly.
  host.style.setProperty('all', 'initial', 'important');
  host.dir = 'ltr';
  host.lang = 'en';
  const root = host.attachShadow({ mode: 'open' });
  adoptCss(root, widgetCss(config.assetBase), config.nonce);
  const container = document.createElement('div');
  root.appendChild(container);
  // intl-tel-input closes its country list on any document click outside it; a click inside our
  // shadow root reaches the document retargeted to the host, so keep those clicks in here.
  host.addEventListener('click', (event) => {
    if (event.composedPath().some((node) => node instanceof Element && node.classList.contains('iti'))) event.stopPropagation();
  });
  // Host pages close their own menus and modals on a document-level Escape; while our form is
  // on top, Escape is ours. (A host modal's focus trap cannot pull focus back: showModal()
  // makes the rest of the page inert.)
  host.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') event.stopPropagation();
  });
  document.body.appendChild(host);
  const services = { config, attribution, toasts: createToastStore(), events, courseList };
  // After a success; here, not in the loader, which only needs what runs before the form.
  const navigate = (target: string) => navigateTo(target, window, config.origin, config.navigation);
  createRoot(container).render(createElement(Widget, { controller, services, navigate }));
}
