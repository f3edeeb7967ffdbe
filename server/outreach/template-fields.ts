/**
 * Template fields: `{{first_name}}` and the others of TEMPLATE_FIELDS (src/outreach-contract.ts),
 * spaces inside the braces allowed. A name that is not a field is refused when a template is saved
 * and when a message is sent, naming the field, so a student never receives "Dear {{frist_name}}".
 */
import { TEMPLATE_FIELDS, type TemplateField } from '../../src/outreach-contract';

const FIELD = /\{\{\s*([^{}]*?)\s*\}\}/g;
const KNOWN = new Set<string>(TEMPLATE_FIELDS.map((field) => field.name));

export type FieldValues = Record<TemplateField, string>;

/** The names in `text` that are not fields, each once, in order. */
export function unknownFields(text: string): string[] {
  const unknown = [...text.matchAll(FIELD)].map((match) => match[1] ?? '').filter((name) => !KNOWN.has(name));
  return [...new Set(unknown)];
}

/** The message for a text using unknown fields, or null when every field is known. */
export function unknownFieldMessage(text: string): string | null {
  const unknown = unknownFields(text);
  if (unknown.length === 0) return null;
  const names = unknown.map((name) => `{{${name}}}`).join(', ');
  const known = TEMPLATE_FIELDS.map((field) => `{{${field.name}}}`).join(', ');
  return `Unknown field ${names}. The fields are ${known}.`;
}

/** Every field filled in with this lead's values (check unknownFields first: an unknown one is left as written). */
export function renderFields(text: string, values: FieldValues): string {
  return text.replace(FIELD, (whole, name: string) => (KNOWN.has(name) ? values[name as TemplateField] : whole));
}
