/**
 * A second origin for widget tests: a tiny HTTP server (another port) that serves the partner
 * landing page widget/demo/partner.html with its widget URL pointed at the test server, plus
 * any extra pages a test needs. The page and the widget are then on different origins, as on a
 * real partner site.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

export const DEMO_WIDGET_ORIGIN = 'http://localhost:3000';

export interface PartnerOrigin {
  url: string;
  close(): Promise<void>;
}

/** The demo page with its script src (and any other reference to the demo origin) rewritten. */
export function partnerPage(widgetOrigin: string): string {
  const html = fs.readFileSync(path.resolve('widget/demo/partner.html'), 'utf8');
  return html.split(DEMO_WIDGET_ORIGIN).join(widgetOrigin);
}

const TYPES: Record<string, string> = { '.js': 'text/javascript', '.css': 'text/css' };

/**
 * Serves `/` (and `/partner.html`) as the demo page; `pages` adds or overrides paths (the
 * query string is ignored when matching); `files` serves local files (e.g. a host framework
 * from node_modules) at the given paths. Anything else is a small "thanks" page, so a
 * redirect to any path lands somewhere visible.
 */
export async function startPartnerOrigin(
  widgetOrigin: string,
  pages: Record<string, string> = {},
  files: Record<string, string> = {},
): Promise<PartnerOrigin> {
  const demo = partnerPage(widgetOrigin);
  const server = http.createServer((request, response) => {
    const urlPath = (request.url ?? '/').split('?')[0] ?? '/';
    const file = files[urlPath];
    if (file) {
      response.writeHead(200, { 'Content-Type': `${TYPES[path.extname(file)] ?? 'application/octet-stream'}; charset=utf-8` });
      response.end(fs.readFileSync(path.resolve(file)));
      return;
    }
    const body =
      pages[urlPath] ??
      (urlPath === '/' || urlPath === '/partner.html'
        ? demo
        : `<!doctype html><html lang="en"><head><title>Partner page</title></head><body><h1>Partner page ${urlPath}</h1></body></html>`);
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    // "localhost" vs the test server's 127.0.0.1: a different host and port, so another origin.
    url: `http://localhost:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
