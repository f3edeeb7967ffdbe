/**
 * The API answers a page was rendered with. On the server, a resolver (set for the duration of one
 * synchronous render) reads them from the in-memory catalogue and records what was used; the server
 * embeds that record in the page (`<script type="application/json" id="page-data">`), and the browser
 * reads it back so hydration renders exactly what the server did, with no API call on first view.
 * Keys are API paths after `/api` (the catalogue's own keys).
 */
export type Seed = { ok: true; data: unknown } | { ok: false; status: number; message: string; body?: unknown };

/** The server's lookup: a seed, or undefined when the answer must be fetched asynchronously first. */
export type SeedResolver = (path: string) => Seed | undefined;

interface ServerRender {
  resolve: SeedResolver;
  used: Map<string, Seed>;
  pending: Set<string>;
}

let serverRender: ServerRender | null = null;
let browserSeeds: Map<string, Seed> | null = null;

/** Server only: runs `render` with `resolve` answering the pages' data needs. */
export function withSeedResolver<T>(resolve: SeedResolver, render: () => T): { result: T; used: Map<string, Seed>; pending: Set<string> } {
  const previous = serverRender;
  const current: ServerRender = { resolve, used: new Map(), pending: new Set() };
  serverRender = current;
  try {
    return { result: render(), used: current.used, pending: current.pending };
  } finally {
    serverRender = previous;
  }
}

function readEmbedded(): Map<string, Seed> {
  if (browserSeeds) return browserSeeds;
  browserSeeds = new Map();
  if (typeof document === 'undefined') return browserSeeds;
  const element = document.getElementById('page-data');
  if (!element?.textContent) return browserSeeds;
  try {
    const parsed = JSON.parse(element.textContent) as Record<string, Seed>;
    for (const [key, seed] of Object.entries(parsed)) browserSeeds.set(key, seed);
  } catch (error) {
    console.warn('The page data could not be read', error);
  }
  return browserSeeds;
}

/** The answer the page was rendered with for this API path, if any. */
export function seedFor(path: string): Seed | undefined {
  if (serverRender) {
    const seed = serverRender.resolve(path);
    if (seed) serverRender.used.set(path, seed);
    else serverRender.pending.add(path);
    return seed;
  }
  return readEmbedded().get(path);
}

/** Whether this code runs inside a server render (effects never run there). */
export const isServerRender = (): boolean => serverRender !== null;
