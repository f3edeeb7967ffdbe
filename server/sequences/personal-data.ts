/**
 * Sequences' rows about a lead, for the privacy export, anonymisation and merges (the registry in
 * server/privacy/ lists each area's tables). Enrolments and step runs hold no free text about the
 * person (reasons are the college's own words), so anonymisation keeps them for reporting; the
 * timeline's sequence events live in lead_events, described by the timeline's owner.
 */
import type { PersonalTable } from '../privacy/personal-tables';

export const SEQUENCE_PERSONAL_TABLES: PersonalTable[] = [
  { table: 'sequence_enrolments', label: 'Sequences', link: { leadColumn: 'lead_id' }, scrub: {} },
];
