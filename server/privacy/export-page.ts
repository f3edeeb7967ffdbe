/**
 * The privacy export as a page a person can read and print: one section per kind of record, each
 * record a two-column table of field and value. Every value is escaped; the page carries its own
 * small style sheet, as it is saved and opened as a file.
 */
import type { PrivacyExport } from '../../src/privacy-contract';
import { escapeHtml } from '../../src/escape-html';
import { COLLEGE } from '../../src/college';

const STYLE = `body{font:14px/1.45 system-ui,sans-serif;margin:2rem auto;max-width:60rem;padding:0 1rem;color:#111}
h1{font-size:1.5rem}h2{font-size:1.15rem;margin-top:2rem;border-bottom:1px solid #999}
table{border-collapse:collapse;width:100%;margin:.75rem 0;page-break-inside:avoid}
th,td{border:1px solid #ccc;padding:.25rem .5rem;text-align:left;vertical-align:top}
th{width:14rem;font-weight:600;background:#f3f3f3}pre{margin:0;white-space:pre-wrap;word-break:break-word}
td{word-break:break-word}`;

function cell(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'object') return `<pre>${escapeHtml(JSON.stringify(value, null, 2))}</pre>`;
  return escapeHtml(String(value));
}

function record(row: Record<string, unknown>, caption: string): string {
  const lines = Object.entries(row).map(([field, value]) => `<tr><th scope="row">${escapeHtml(field)}</th><td>${cell(value)}</td></tr>`);
  return `<table><caption class="visually-hidden">${escapeHtml(caption)}</caption>${lines.join('')}</table>`;
}

export function exportPage(data: PrivacyExport): string {
  const sections = data.sections.map((section) => {
    const heading = `<h2>${escapeHtml(section.label)} (${section.rows.length})</h2>`;
    if (section.rows.length === 0) return `${heading}<p>None.</p>`;
    return heading + section.rows.map((row, index) => record(row, `${section.label}, record ${index + 1}`)).join('');
  });
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Personal information held by ${escapeHtml(COLLEGE.name)}</title><style>${STYLE}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}</style></head>
<body><main><h1>Personal information held by ${escapeHtml(COLLEGE.name)}</h1>
<p>About the person with the e-mail address <strong>${escapeHtml(data.person.email)}</strong>
(${data.person.lead_ids.length} ${data.person.lead_ids.length === 1 ? 'inquiry' : 'inquiries'}), as of ${escapeHtml(data.exported_at)} (UTC).</p>
${sections.join('\n')}
</main></body></html>
`;
}
