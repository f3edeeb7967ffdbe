/**
 * The attribution extras stored with a lead: the visit's UTM parameters, and the first page of the
 * visit that loaded the widget with that page's referrer (first touch). No dependencies: the
 * widget reads them.
 */
export const LEAD_EXTRA_FIELDS = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'landing_page',
  'referrer',
] as const;
export type LeadExtraField = (typeof LEAD_EXTRA_FIELDS)[number];
/** The extras as sent: each one optional. */
export type LeadExtras = { [Field in LeadExtraField]?: string };
/** The extras as stored and shown to staff: null when absent. */
export type StoredLeadExtras = { [Field in LeadExtraField]: string | null };
