/**
 * The privacy export as a page a person can read and print (issue 31): records grouped by kind
 * (inquiries, notes, activities, e-mails, consent, event registrations…), each a titled table of
 * facts in words (readable-records.ts), times in Toronto time. Internal fields are left out; the
 * JSON export holds every stored value. Every value is escaped; the page carries its own small
 * style sheet, as it is saved and opened as a file.
 */
import type { Queryable } from '../db/database';
import type { Catalogue } from '../catalogue/catalogue';
import type { PrivacyExport, PrivacyExportSection } from '../../src/privacy-contract';
import { escapeHtml } from '../../src/escape-html';
import { COLLEGE } from '../../src/college';
import { formatTorontoTime } from '../../src/college-time';
import { READABLE_GROUPS, READABLE_TABLES } from './readable-records';
import { exportNames } from './export-names';
import { filled, humanised, text, when, type ExportNames, type Field, type ReadableRecord, type Row } from './readable-values';

const STYLE = `body{font:14px/1.45 system-ui,sans-serif;margin:2rem auto;max-width:60rem;padding:0 1rem;color:#111}
h1{font-size:1.5rem}h2{font-size:1.2rem;margin-top:2rem;border-bottom:1px solid #999}h3{font-size:1rem;margin:1.25rem 0 .25rem}
table{border-collapse:collapse;width:100%;margin:.25rem 0 .75rem;page-break-inside:avoid}
th,td{border:1px solid #ccc;padding:.25rem .5rem;text-align:left;vertical-align:top}
th{width:14rem;font-weight:600;background:#f3f3f3}td{word-break:break-word;white-space:pre-wrap}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}`;

/** Column names that are the system's bookkeeping, not information about the person. */
const INTERNAL =
  /^(id|version|search_text|payload_hash|envelope|html_body|attempts|last_error)$|_(id|key|hash|token|sha256|pending|e164)$|^(uid|mailbox)/;

/** A row of a table the page has no words for yet: its non-internal fields, named from the column. */
function fallback(section: PrivacyExportSection, row: Row): ReadableRecord {
  const fields = Object.entries(row)
    .filter(([name]) => !INTERNAL.test(name))
    .map(([name, value]): Field => {
      const shown = /_at$/.test(name)
        ? when(value)
        : typeof value === 'object' && value !== null
          ? JSON.stringify(value)
          : text(String(value ?? ''));
      return [humanised(name), shown];
    });
  return { group: section.label, title: section.label, fields: filled(fields) };
}

/** Every row once: a reply both attached to a lead and sent from the address is in two sections. */
function readable(data: PrivacyExport, names: ExportNames): ReadableRecord[] {
  const seen = new Set<string>();
  return data.sections.flatMap((section) =>
    section.rows
      .filter((row) => {
        const key = `${section.table}:${String(row.id)}`;
        if (row.id === undefined || !seen.has(key)) return (seen.add(key), true);
        return false;
      })
      .map((row) => READABLE_TABLES[section.table]?.(row, names) ?? fallback(section, row)),
  );
}

function recordHtml(record: ReadableRecord): string {
  const lines = record.fields.map(([label, value]) => `<tr><th scope="row">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`);
  const table = lines.length
    ? `<table><caption class="visually-hidden">${escapeHtml(record.title)}</caption>${lines.join('')}</table>`
    : '';
  return `<section><h3>${escapeHtml(record.title)}</h3>${table}</section>`;
}

export function exportPage(data: PrivacyExport, names: ExportNames): string {
  const records = readable(data, names);
  const extra = [...new Set(records.map((r) => r.group))].filter((group) => !(READABLE_GROUPS as readonly string[]).includes(group));
  const groups = [...READABLE_GROUPS, ...extra].map((group) => {
    const mine = records.filter((r) => r.group === group);
    const heading = `<h2>${escapeHtml(group)} (${mine.length})</h2>`;
    return mine.length === 0 ? `${heading}<p>None.</p>` : heading + mine.map(recordHtml).join('');
  });
  const inquiries = data.person.lead_ids.length;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Personal information held by ${escapeHtml(COLLEGE.name)}</title><style>${STYLE}</style></head>
<body><main><h1>Personal information held by ${escapeHtml(COLLEGE.name)}</h1>
<p>About the person with the e-mail address <strong>${escapeHtml(data.person.email)}</strong>
(${inquiries} ${inquiries === 1 ? 'inquiry' : 'inquiries'}). Exported ${escapeHtml(formatTorontoTime(new Date(data.exported_at)))};
times on this page are Toronto time. The file in JSON format holds the same records with every stored value.</p>
${groups.join('\n')}
</main></body></html>
`;
}

/** The page for an export, with the names of the courses, events and e-mail series it refers to. */
export async function readableExport(db: Queryable, catalogue: Catalogue, data: PrivacyExport): Promise<string> {
  return exportPage(data, await exportNames(db, catalogue, data));
}
