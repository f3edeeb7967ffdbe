/**
 * The application's checklist (issue 33): each item with its current document — view it inline,
 * accept it, or return it with a reason the applicant reads (asked in a dialog).
 */
import { useState } from 'react';
import type { ApplicationDocument, StaffApplication } from '../../../src/application-contract';
import { errorMessage } from '../shared/api';
import { notify } from '../shared/notify';
import { reviewDocument } from './applications-api';
import { DocumentViewer } from './DocumentViewer';
import { FormDialog } from './FormDialog';

const REVIEWABLE = ['submitted', 'under_review', 'missing_items'];
const DOCUMENT_STATUS = { uploaded: 'Waiting for review', accepted: 'Accepted', returned: 'Returned' } as const;

interface Props {
  application: StaffApplication;
  onChanged(next: StaffApplication): void;
}

export function ChecklistSection({ application, onChanged }: Props) {
  const [viewing, setViewing] = useState<string | null>(null);
  const [returning, setReturning] = useState<{ document: ApplicationDocument; title: string } | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const reviewable = REVIEWABLE.includes(application.status);

  async function review(document: ApplicationDocument, title: string, body: { outcome: 'accept' } | { outcome: 'return'; reason: string }) {
    setBusy(true);
    try {
      onChanged(await reviewDocument(application._id, document._id, body));
      notify.success(body.outcome === 'accept' ? `${title} accepted.` : `${title} returned to the applicant.`);
      setReturning(null);
    } catch (caught) {
      if (body.outcome === 'return') setReasonError(errorMessage(caught));
      else notify.error(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="crm-card" aria-labelledby="app-checklist">
      <h2 id="app-checklist">Checklist and documents</h2>
      {application.checklist.length === 0 ? <p className="crm-muted">This program has no checklist items.</p> : null}
      <ul className="crm-app-checklist">
        {application.checklist.map((item) => {
          const document = application.documents.find((d) => d.item_id === item._id);
          return (
            <li key={item._id} className="crm-app-item">
              <h3 className="crm-app-item__title">
                {item.title} <span className="crm-muted">({item.required ? 'required' : 'optional'})</span>
              </h3>
              {!document ? (
                <p className="crm-muted">Not uploaded yet.</p>
              ) : (
                <>
                  <p>
                    {document.file_name} · <strong>{DOCUMENT_STATUS[document.status]}</strong>
                    {document.return_reason ? <> · Reason: {document.return_reason}</> : null}
                  </p>
                  <div className="crm-inline">
                    <button
                      type="button"
                      className="crm-button"
                      aria-expanded={viewing === document._id}
                      onClick={() => setViewing(viewing === document._id ? null : document._id)}
                    >
                      {viewing === document._id ? `Hide ${item.title}` : `View ${item.title}`}
                    </button>
                    {reviewable && document.status !== 'accepted' ? (
                      <button
                        type="button"
                        className="crm-button"
                        disabled={busy}
                        onClick={() => void review(document, item.title, { outcome: 'accept' })}
                      >
                        Accept {item.title}
                      </button>
                    ) : null}
                    {reviewable && document.status !== 'returned' ? (
                      <button
                        type="button"
                        className="crm-button"
                        onClick={() => {
                          setReason('');
                          setReasonError(null);
                          setReturning({ document, title: item.title });
                        }}
                      >
                        Return {item.title}
                      </button>
                    ) : null}
                  </div>
                  {viewing === document._id ? (
                    <DocumentViewer applicationId={application._id} document={document} title={item.title} />
                  ) : null}
                </>
              )}
            </li>
          );
        })}
      </ul>
      <FormDialog
        id="app-return"
        title={returning ? `Return ${returning.title}` : 'Return'}
        open={returning !== null}
        busy={busy}
        submitLabel="Return to applicant"
        onClose={() => setReturning(null)}
        onSubmit={() => returning && void review(returning.document, returning.title, { outcome: 'return', reason })}
      >
        <div className="crm-field">
          <label htmlFor="app-return-reason">Reason (the applicant reads it)</label>
          <textarea
            id="app-return-reason"
            rows={4}
            maxLength={500}
            value={reason}
            aria-invalid={reasonError ? true : undefined}
            aria-describedby={reasonError ? 'app-return-error' : undefined}
            onInput={(e) => setReason(e.currentTarget.value)}
          />
          {reasonError ? (
            <p id="app-return-error" className="crm-field-error" role="alert">
              {reasonError}
            </p>
          ) : null}
        </div>
      </FormDialog>
    </section>
  );
}
