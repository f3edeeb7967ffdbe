/**
 * "Merge with another lead…" on a lead's page (issue 31): staff who know two leads are one student
 * (a personal and a school address, a typo) find the other by name, e-mail or phone, as they type,
 * and open the compare page (MergePage.tsx) with the lead that has more history kept by default
 * (the server says which: server/merge/merge-history.ts). A list of results with a link each: every
 * result is reached by Tab, and Enter in the field searches without waiting for the pause.
 */
import { useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { Link } from 'wouter';
import type { StaffLead } from '../../../src/contract';
import { LEAD_STAGES, lookupTitle } from '../../../src/lookups';
import { MERGE_CANDIDATES_MAX, MERGE_SEARCH_MIN, MERGE_SEARCH_PAUSE_MS, type MergeCandidate } from '../../../src/merge-contract';
import { displayPhone } from '../shared/phone-display';
import { useStaffQuery } from '../shared/useStaffQuery';
import { formatDate } from '../area/labels';
import { comparePath, fetchMergeCandidates } from './merge-api';
import { choiceName, describedLead, leadName } from './merge-names';

function Candidate({ lead, candidate }: { lead: StaffLead; candidate: MergeCandidate }) {
  const kept = candidate.keep_id === candidate._id ? choiceName(candidate, lead) : `this lead (${choiceName(lead, candidate)})`;
  const merged = candidate.keep_id === candidate._id ? lead._id : candidate._id;
  const owner = candidate.owner_name ? `Owner: ${candidate.owner_name}` : 'Unassigned';
  return (
    <li className="crm-merge-result">
      <p>
        <strong>{leadName(candidate)}</strong> · {candidate.email} · {candidate.phone ? displayPhone(candidate.phone).text : '—'} · received{' '}
        {formatDate(candidate.created_at)}
      </p>
      <p className="crm-muted">
        {lookupTitle(LEAD_STAGES, candidate.stage)} · {owner} · {candidate.activities} activit{candidate.activities === 1 ? 'y' : 'ies'}
      </p>
      <p className="crm-muted">Kept by default (more history): {kept}</p>
      <Link
        className="crm-button"
        href={comparePath(candidate.keep_id, merged)}
        aria-label={`Compare and merge with ${describedLead(candidate)}`}
      >
        Compare and merge
      </Link>
    </li>
  );
}

function CandidateSearch({ lead, field }: { lead: StaffLead; field: RefObject<HTMLInputElement | null> }) {
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = window.setTimeout(() => setQ(typed.trim()), MERGE_SEARCH_PAUSE_MS);
    return () => window.clearTimeout(timer);
  }, [typed]);
  const ready = q.length >= MERGE_SEARCH_MIN;
  const { data, error, loading } = useStaffQuery(
    (signal) => (ready ? fetchMergeCandidates(lead._id, q, signal) : Promise.resolve(null)),
    `${lead._id}:${ready ? q : ''}`,
  );
  const found = ready && !loading ? data?.candidates : undefined;

  function searchNow(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setQ(typed.trim());
  }

  let status = `Type at least ${MERGE_SEARCH_MIN} characters.`;
  if (ready && loading) status = 'Searching…';
  else if (found?.length === 0) status = `No other lead matches “${q}”.`;
  else if (found)
    status = `${found.length} lead${found.length === 1 ? '' : 's'} found${found.length === MERGE_CANDIDATES_MAX ? ' (the newest)' : ''}.`;
  return (
    <form className="crm-merge-search" role="search" aria-label="Find the lead to merge with" onSubmit={searchNow}>
      <div className="crm-field">
        <label htmlFor="merge-search-q">Name, e-mail or phone of the other lead</label>
        <input
          ref={field}
          id="merge-search-q"
          type="search"
          autoComplete="off"
          aria-describedby="merge-search-status"
          value={typed}
          onInput={(e) => setTyped(e.currentTarget.value)}
        />
      </div>
      <p id="merge-search-status" className="crm-muted" role="status">
        {ready && error ? '' : status}
      </p>
      {ready && error ? (
        <p className="crm-error" role="alert">
          {error}
        </p>
      ) : null}
      {found?.length ? (
        <ul className="crm-merge-results" aria-label="Leads found">
          {found.map((candidate) => (
            <Candidate key={candidate._id} lead={lead} candidate={candidate} />
          ))}
        </ul>
      ) : null}
    </form>
  );
}

export function MergeWithAnother({ lead }: { lead: StaffLead }) {
  const field = useRef<HTMLInputElement>(null);
  if (lead.merged_into) return null;
  return (
    <details
      className="crm-disclosure crm-merge-with"
      // Opened from the keyboard or by a click, the search is what comes next.
      onToggle={(event) => {
        if (event.currentTarget.open) field.current?.focus();
      }}
    >
      <summary>Merge with another lead…</summary>
      <CandidateSearch lead={lead} field={field} />
    </details>
  );
}
