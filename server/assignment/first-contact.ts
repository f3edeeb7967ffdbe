/**
 * The dashboard's speed to lead: median business hours from inquiry to first contact
 * (server/assignment/contact.ts), by college week and by the lead's owner, over the last 12 weeks.
 * Only contacted leads have a time; `leads` counts every lead, `contacted` those with one, so an
 * owner who contacts few is visible. Listed leads only: a repeat inquiry or a merged-away lead is
 * contacted through the lead it joined, so counting it would add an uncontacted lead. Business hours are counted here (server/time/business-hours.ts):
 * a few thousand leads a quarter, a loop of a few days each.
 */
import type { Queryable } from '../db/database';
import type { FirstContactMedians } from '../../src/assignment-contract';
import { toTorontoLocalInput } from '../../src/college-time';
import { CHART_WEEKS, weekStart } from '../crm';
import { businessHoursBetween } from '../time/business-hours';
import { firstContactSql } from './contact';
import { listedAs } from '../repeat/leads-by-origin';

interface Row {
  created_at: Date;
  first_contact: Date | null;
  owner_id: string | null;
  owner_name: string | null;
}

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const value = sorted.length % 2 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
  return Math.round(value * 100) / 100;
}

interface Group {
  leads: number;
  hours: number[];
}
const summary = (g: Group) => ({ median_hours: median(g.hours), leads: g.leads, contacted: g.hours.length });

export async function firstContactMedians(db: Queryable, now: Date): Promise<FirstContactMedians> {
  const starts = Array.from({ length: CHART_WEEKS }, (_, i) => weekStart(now, CHART_WEEKS - 1 - i));
  const { rows } = await db.query<Row>(
    `SELECT l.created_at, ${firstContactSql('l')} AS first_contact, l.owner_id, o.name AS owner_name
       FROM leads l LEFT JOIN users o ON o.id = l.owner_id
      WHERE l.created_at >= $1 AND l.created_at < $2 AND ${listedAs('l')}`,
    [starts[0], weekStart(now, -1)],
  );
  const weeks = starts.map((): Group => ({ leads: 0, hours: [] }));
  const owners = new Map<string, Group & { id: string | null; name: string }>();
  for (const row of rows) {
    const index = starts.findLastIndex((start) => row.created_at >= start);
    const id = row.owner_id?.trim() ?? null;
    const owner = owners.get(id ?? '') ?? { id, name: row.owner_name ?? 'Unassigned', leads: 0, hours: [] };
    owners.set(id ?? '', owner);
    const hours = row.first_contact ? businessHoursBetween(row.created_at, row.first_contact) : null;
    for (const group of [weeks[index], owner]) {
      if (!group) continue;
      group.leads += 1;
      if (hours !== null) group.hours.push(hours);
    }
  }
  return {
    by_week: starts.map((start, i) => ({ week: toTorontoLocalInput(start).slice(0, 10), ...summary(weeks[i] as Group) })),
    by_counsellor: [...owners.values()]
      .sort((a, b) => (a.id === null ? 1 : b.id === null ? -1 : a.name.localeCompare(b.name)))
      .map((g) => ({ owner_id: g.id, name: g.name, ...summary(g) })),
  };
}
