/**
 * The API answers a page was rendered with. On the server, a resolver (set for the duration of one
 * synchronous render) reads them from the in-memory catalogue and records what was used; the server
 * embeds that record in the page (`<script type="application/json" id="page-data">`), and the browser
 * reads it back so hydration renders exactly what the server did, with no API call on first view.
 * Keys are API paths after `/api` (the catalogue's own keys).
 */
export type PageData = { ok: true; data: unknown } | { ok: false; status: number; message: string; body?: unknown };

/** The server's lookup: the answer, or undefined when the answer must be fetched asynchronously first. */
export type PageDataResolver = (path: string) => PageData | undefined;

interface ServerRender {
  resolve: PageDataResolver;
  used: Map<string, PageData>;
  pending: Set<string>;
  /** The status the page rendered declared (see declarePageStatus), if any. */
  status: PageStatus | null;
}

/** The statuses a page component may declare; a page that declares none is a 200. */
export type PageStatus = 404 | 410;

let serverRender: ServerRender | null = null;
let embeddedData: Map<string, PageData> | null = null;

/** Server only: runs `render` with `resolve` answering the pages' data needs. */
export function withPageDataResolver<T>(
  resolve: PageDataResolver,
  render: () => T,
): { result: T; used: Map<string, PageData>; pending: Set<string>; status: PageStatus | null } {
  const previous = serverRender;
  const current: ServerRender = { resolve, used: new Map(), pending: new Set(), status: null };
  serverRender = current;
  try {
    const result = render();
    return { result, used: current.used, pending: current.pending, status: current.status };
  } finally {
    serverRender = previous;
  }
}

function readEmbedded(): Map<string, PageData> {
  if (embeddedData) return embeddedData;
  embeddedData = new Map();
  if (typeof document === 'undefined') return embeddedData;
  const element = document.getElementById('page-data');
  if (!element?.textContent) return embeddedData;
  try {
    const parsed = JSON.parse(element.textContent) as Record<string, PageData>;
    for (const [key, answer] of Object.entries(parsed)) embeddedData.set(key, answer);
  } catch (error) {
    console.warn('The page data could not be read', error);
  }
  return embeddedData;
}

/** The answer the page was rendered with for this API path, if any. */
export function pageDataFor(path: string): PageData | undefined {
  if (serverRender) {
    const answer = serverRender.resolve(path);
    if (answer) serverRender.used.set(path, answer);
    else serverRender.pending.add(path);
    return answer;
  }
  return readEmbedded().get(path);
}

/** Whether this code runs inside a server render (effects never run there). */
export const isServerRender = (): boolean => serverRender !== null;

/**
 * Called by the component that renders a page which is not a 200 (the 404 page, a withdrawn
 * course's page): on the server the answer then carries this status. The one place a page's
 * status is said; the browser has nothing to do with it.
 */
export function declarePageStatus(status: PageStatus): void {
  if (serverRender) serverRender.status = status;
}
