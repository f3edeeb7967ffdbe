/**
 * The enrolment contract in the portal (issue 34), once the applicant has accepted an admission:
 * read it (as a page, and as the exact PDF), tick each acknowledgement, type the full legal name
 * and sign; then the college's countersignature, the copy by e-mail, the cooling-off deadline with
 * a two-click cancellation, and the outcome (enrolled, or cancelled with the refund due).
 */
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../src/api-client';
import type { ContractView } from '../../src/enrolment-contract';
import { coolingOffDeadlineText, torontoDateTimeText } from '../../src/enrolment-time';
import { cancelContract, fetchContractPdf, readContract } from './contract-api';
import { ContractDocument } from './ContractDocument';
import { SignContractForm } from './SignContractForm';
import { Problem } from './Problem';

const problemOf = (error: unknown) => (error instanceof ApiError ? error.message : 'Something went wrong. Please try again.');

async function openPdf(contractId: string): Promise<void> {
  // Opened before the fetch, while the click still counts, so a pop-up blocker lets it through.
  const opened = window.open('', '_blank');
  const url = URL.createObjectURL(await fetchContractPdf(contractId));
  if (opened) opened.location.href = url;
  else window.location.assign(url);
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

function CoolingOff({ contract, onChanged }: { contract: ContractView; onChanged: (next: ContractView | null) => void }) {
  const [asked, setAsked] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  async function cancel() {
    setProblem(null);
    try {
      onChanged((await cancelContract(contract._id)).contract);
    } catch (error) {
      setProblem(problemOf(error));
    }
  }
  return (
    <div className="apply-note apply-cooling-off">
      {contract.cooling_off_ends_at ? (
        <p>
          You may cancel this contract until <strong>{coolingOffDeadlineText(contract.cooling_off_ends_at)}</strong>, with a full refund of
          everything you paid, the application fee included.
        </p>
      ) : (
        <p>Your copy of the signed contract is on its way by e-mail. You may cancel within two days of receiving it, with a full refund.</p>
      )}
      {asked ? (
        <div className="apply-confirm" role="group" aria-label="Confirm the cancellation">
          <p>Cancel your enrolment contract? Every fee you paid will be refunded within 30 days.</p>
          <button type="button" className="btn btn-primary" onClick={() => void cancel()}>
            Yes, cancel my enrolment
          </button>{' '}
          <button type="button" className="btn btn-outline" onClick={() => setAsked(false)}>
            Keep my enrolment
          </button>
        </div>
      ) : (
        <button type="button" className="btn btn-outline" onClick={() => setAsked(true)}>
          Cancel my enrolment
        </button>
      )}
      <Problem>{problem}</Problem>
    </div>
  );
}

function Outcome({ contract }: { contract: ContractView }) {
  if (contract.status === 'signed') {
    return <p>You signed this contract. The college will countersign it and e-mail you a copy.</p>;
  }
  if (contract.status === 'enrolled' && contract.enrolled_at) {
    return <p>You are enrolled. Welcome to the college! Your cooling-off period ended without a cancellation.</p>;
  }
  if (contract.status === 'cancelled' && contract.cancelled_at) {
    return (
      <p>
        You cancelled this contract on {torontoDateTimeText(contract.cancelled_at)}. Everything you paid will be refunded within 30 days,
        with a receipt by e-mail.
      </p>
    );
  }
  return null;
}

export function ContractSection() {
  const [contract, setContract] = useState<ContractView | null | undefined>(undefined);
  const [problem, setProblem] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    readContract()
      .then((answer) => setContract(answer.contract))
      .catch((error: unknown) => setProblem(problemOf(error)));
  }, []);
  const changed = (next: ContractView | null) => {
    setContract(next);
    heading.current?.focus();
  };

  if (contract === undefined) return <Problem>{problem}</Problem>;
  return (
    <section className="apply-card apply-contract" aria-labelledby="apply-contract-title">
      <h2 id="apply-contract-title" ref={heading} tabIndex={-1}>
        Your enrolment contract
      </h2>
      {contract === null ? (
        <p>Admissions is preparing your enrolment contract. We will e-mail you when it is ready to sign.</p>
      ) : (
        <>
          <p>
            Version {contract.version} · <strong>{statusLine(contract)}</strong> ·{' '}
            <button
              type="button"
              className="btn-link"
              onClick={() => void openPdf(contract._id).catch((e: unknown) => setProblem(problemOf(e)))}
            >
              Open the contract as a PDF
            </button>
          </p>
          <Outcome contract={contract} />
          {contract.status === 'countersigned' ? <CoolingOff contract={contract} onChanged={changed} /> : null}
          {contract.status === 'issued' ? <ContractDocument terms={contract.terms} /> : null}
          {contract.status === 'issued' ? <SignContractForm contract={contract} onSigned={changed} /> : null}
          <Problem>{problem}</Problem>
        </>
      )}
    </section>
  );
}

function statusLine(contract: ContractView): string {
  if (contract.status === 'issued') return 'Waiting for your signature';
  if (contract.status === 'signed') return 'Signed by you, waiting for the college';
  if (contract.status === 'countersigned') return 'Signed by you and the college';
  if (contract.status === 'enrolled') return 'Enrolled';
  return 'Cancelled';
}
