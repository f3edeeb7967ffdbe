/**
 * Renders the e-mail preference pages (site/email/) to complete HTML documents: the built site's
 * own head (its stylesheet, favicon, viewport) with the page's title and `noindex`, and the
 * server-rendered body with no script at all, so the pages look like the site and work without
 * JavaScript. Without a build (some API tests) the head has no stylesheet; the forms work the same.
 */
import fs from 'node:fs';
import path from 'node:path';
import { h, type ComponentChild } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { pageTitle } from '../../src/college';
import { escapeHtml } from '../../src/escape-html';

const FALLBACK_HEAD =
  '<!doctype html>\n<html lang="en">\n  <head>\n    <meta charset="utf-8">\n    <meta name="viewport" content="width=device-width, initial-scale=1">\n    <!--head--><!--/head-->\n  </head>';

const heads = new Map<string, string>();

/** The built shell up to `</head>`, read once per dist folder. */
function shellHead(distDir: string): string {
  let head = heads.get(distDir);
  if (head === undefined) {
    const file = path.join(distDir, 'site', 'index.html');
    const shell = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
    const end = shell.indexOf('</head>');
    head = end === -1 ? FALLBACK_HEAD : shell.slice(0, end + '</head>'.length);
    heads.set(distDir, head);
  }
  return head;
}

export function preferencePage(distDir: string, title: string, body: ComponentChild): string {
  const meta = [
    `<title>${escapeHtml(pageTitle(title))}</title>`,
    '<meta name="robots" content="noindex, nofollow">',
    // The token in this page's address never leaves for another site; the page's own forms carry
    // their Origin (with no-referrer a browser sends "Origin: null", which same-site.ts cannot trust).
    '<meta name="referrer" content="same-origin">',
  ].join('\n    ');
  const head = shellHead(distDir).replace(/<!--head-->[\s\S]*?<!--\/head-->/, () => meta);
  return `${head}\n  <body>\n    ${renderToString(h('div', { id: 'app' }, body))}\n  </body>\n</html>\n`;
}
