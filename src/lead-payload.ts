/**
 * The Student Inquiry Form's lead payload (requirements R-lead-payload "Lead payload", R-validation, R-constants): built from what the
 * visitor entered and the visit's attribution. Framework-free so it can be unit tested and
 * shared; the widget sends exactly what `buildLeadPayload` returns.
 */
import { attributionExtras, leadSource, type Attribution } from './attribution';
import type { Id, LeadLocation, LeadPayload } from './contract';
import type { CourseTypeId } from './lookups';

/** The seed's client-side phone message (R-phone), letter for letter. */
export const INVALID_PHONE_MESSAGE = 'Please enter a valid phone number';
/** Requirements R-phone: minimum phone length. */
export const MIN_PHONE_LENGTH = 7;

/** What the form holds. `website` is the honeypot: hidden from people, filled by naive bots. */
export interface InquiryFields {
  first_name: string;
  last_name: string;
  email: string;
  /** The phone in international format (e.g. +14165550123). */
  phone: string;
  location: LeadLocation;
  financial_aid: boolean;
  course_id: Id | '';
  course_type: CourseTypeId | '';
  website: string;
}

/** The request body of POST {leadsBase}/leads: the seed's payload, the extras, the honeypot if filled. */
export type LeadRequest = LeadPayload & { website?: string };

/** The form's state when it opens or after a reset (requirements R-inquiry-states: local, no aid, source 1). */
export function emptyInquiryFields(): InquiryFields {
  return {
    first_name: '',
    last_name: '',
    email: '',
    phone: '',
    location: 1,
    financial_aid: false,
    course_id: '',
    course_type: '',
    website: '',
  };
}

/** Requirements R-phone: the phone must be non-empty and at least 7 characters. */
export function isAcceptablePhone(phone: string): boolean {
  return phone.trim().length >= MIN_PHONE_LENGTH;
}

export function buildLeadPayload(fields: InquiryFields, attribution: Attribution): LeadRequest {
  const payload: LeadRequest = {
    first_name: fields.first_name.trim(),
    last_name: fields.last_name.trim(),
    email: fields.email.trim(),
    phone: fields.phone.trim(),
    lead_type: 1,
    address: '',
    source: leadSource(attribution),
    course_id: fields.course_id,
    course_type: fields.course_type,
    location: fields.location,
    // The aid question is shown only to local students; an international lead never asks for it.
    financial_aid: fields.location === 1 && fields.financial_aid,
    ...attributionExtras(attribution),
  };
  if (fields.website) payload.website = fields.website;
  return payload;
}

/**
 * The phone as sent when intl-tel-input's validation utilities have not loaded yet (they load
 * lazily): the typed digits behind the selected country's dial code, e.g. "+1 4165550123".
 * A number already typed with a leading + is taken as international as is.
 */
export function phoneWithoutUtils(typed: string, dialCode: string | undefined): string {
  const raw = typed.trim();
  if (!raw || raw.startsWith('+') || !dialCode) return raw;
  return `+${dialCode.replace(/^\+/, '')} ${raw}`;
}
