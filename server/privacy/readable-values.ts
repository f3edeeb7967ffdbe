/**
 * Stored values as a person reads them in the privacy export's page (issue 31): times in Toronto
 * time and in words, lookups by their names, phones as dialled, a field left out when it is empty.
 */
import { formatTorontoTime } from '../../src/college-time';
import { formatPhone } from '../../src/phone-format';
import { lookupTitle, type Lookup } from '../../src/lookups';

/** One line of a record: what it is and its value in words. */
export type Field = [label: string, value: string];

export type Row = Record<string, unknown>;

/** Names the rows refer to by id: a course, an event, an e-mail series. */
export interface ExportNames {
  course(id: unknown): string;
  event(id: unknown): string;
  sequence(id: unknown): string;
}

/** A stored row as the page shows it. */
export interface ReadableRecord {
  /** The heading of the group it is shown under (readable-records.ts READABLE_GROUPS). */
  group: string;
  title: string;
  fields: Field[];
}

export const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** A stored time (to_jsonb's ISO text) in Toronto time, "November 27, 2026 at 7:00 a.m."; '' when absent. */
export function when(value: unknown): string {
  if (typeof value !== 'string' || !value) return '';
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? value : formatTorontoTime(at);
}

export const phone = (value: unknown): string => (text(value) ? formatPhone(text(value)).text : '');

export const lookup = (list: readonly Lookup[], value: unknown): string => (typeof value === 'number' ? lookupTitle(list, value) : '');

export const yesNo = (value: unknown): string => (value === true ? 'Yes' : value === false ? 'No' : '');

/** "first_name" → "First name": a column the page has no words for (a table added later). */
export const humanised = (name: string): string => name.charAt(0).toUpperCase() + name.slice(1).replace(/_/g, ' ');

/** The fields with a value; an empty one says nothing about the person. */
export const filled = (fields: Field[]): Field[] => fields.filter(([, value]) => value !== '');
