/** /crm/refunds (issue 34): filled in by its owner (stub wired into CrmApp first). */
export function RefundsPage() {
  return null;
}
