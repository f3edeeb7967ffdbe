/**
 * An audit entry's details as lines people read ("Label: value"), never JSON (issue 31): keys become
 * labels, yes/no for booleans, lists joined with commas, nested values (an export's filter) as
 * "Label value" pairs, and a staff id shown as the member's name when known.
 */

export interface DetailLine {
  label: string;
  value: string;
}

/** Labels that say more than the key itself. */
const LABELS: Record<string, string> = {
  target_id: 'Staff member',
  fields: 'Changed',
  exit_stages: 'Leaves at stages',
  steps: 'Steps',
  ip: 'Address',
};

/** Keys whose value is a staff id. */
const STAFF_KEYS = new Set(['target_id', 'person', 'owner', 'actor_id']);

/** "exit_stages" → "Exit stages". */
export function labelOf(key: string): string {
  const known = LABELS[key];
  if (known) return known;
  const words = key.replace(/[_.]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A value in words; `nameOf` turns a staff id into a name (undefined when unknown). */
function valueText(key: string, value: unknown, nameOf: (id: string) => string | undefined): string {
  if (value === null || value === undefined || value === '') return 'none';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string') return STAFF_KEYS.has(key) ? (nameOf(value) ?? value) : value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (Array.isArray(value)) {
    const items = value.map((item) =>
      key === 'fields' && typeof item === 'string' ? labelOf(item).toLowerCase() : valueText(key, item, nameOf),
    );
    return items.length ? items.join(', ') : 'none';
  }
  if (typeof value === 'object') {
    const parts = Object.entries(value).map(([inner, innerValue]) => `${labelOf(inner)} ${valueText(inner, innerValue, nameOf)}`);
    return parts.length ? parts.join(', ') : 'none';
  }
  return 'none';
}

export function detailLines(details: Record<string, unknown>, nameOf: (id: string) => string | undefined): DetailLine[] {
  return Object.entries(details).map(([key, value]) => ({ label: labelOf(key), value: valueText(key, value, nameOf) }));
}
