/**
 * The portal's contract calls (issue 34). Signing sends the SHA-256 of the PDF bytes this browser
 * fetched, so what is signed is what was shown: a PDF changed on the way, or replaced by a newer
 * version meanwhile, is refused by the server.
 */
import { applicantEnrolmentPaths, type ApplicantEnrolment, type ContractView } from '../../src/enrolment-contract';
import { applicantToken, call } from './applicant-api';

export const readContract = () => call<ApplicantEnrolment>(applicantEnrolmentPaths.contract);

export async function fetchContractPdf(contractId: string): Promise<Blob> {
  const token = applicantToken();
  const response = await fetch(applicantEnrolmentPaths.pdf(contractId), { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!response.ok) throw new Error('The contract could not be opened. Please try again.');
  return response.blob();
}

async function sha256Hex(blob: Blob): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', await blob.arrayBuffer());
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

export async function signContract(contract: ContractView, name: string, acknowledgements: string[]): Promise<ApplicantEnrolment> {
  // crypto.subtle exists on secure pages only (https, localhost); elsewhere the server's stated hash is sent.
  const shown =
    typeof crypto !== 'undefined' && crypto.subtle ? await sha256Hex(await fetchContractPdf(contract._id)) : contract.pdf_sha256;
  return call<ApplicantEnrolment>(applicantEnrolmentPaths.sign, {
    method: 'POST',
    body: { contract_id: contract._id, pdf_sha256: shown, name, acknowledgements },
  });
}

export const cancelContract = (contractId: string) =>
  call<ApplicantEnrolment>(applicantEnrolmentPaths.cancel, { method: 'POST', body: { contract_id: contractId } });
