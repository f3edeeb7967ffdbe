/** Downloads the leads that match the current filters as a CSV file for Excel. */
import { useState } from 'react';
import { notify } from '../shared/notify';
import type { LeadQuery } from '../shared/api';
import { errorMessage } from '../shared/api';
import { downloadLeadsCsv } from '../shared/work-api';

export function ExportButton({ query }: { query: LeadQuery }) {
  const [busy, setBusy] = useState(false);
  async function run() {
    setBusy(true);
    try {
      await downloadLeadsCsv(query);
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }
  return (
    <button type="button" className="crm-button" onClick={run} disabled={busy}>
      Export CSV
    </button>
  );
}
