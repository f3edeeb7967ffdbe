/**
 * What "open" means for a repeat inquiry (issue 23): a lead not yet a student or set aside.
 * LEAD_STAGES (src/lookups.ts) 1–5 (New, Hot, Warm, Cold, Prospective student) are open;
 * 6 Current Student, 7 Past Student and 8 Other are closed: a new inquiry from a past student is a
 * new lead, not a note on their old one.
 */
export const CLOSED_STAGE_MIN = 6;
