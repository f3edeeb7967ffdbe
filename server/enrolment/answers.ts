/**
 * The answer shapes of enrolment (issue 34) for the routes and the API description: the zod schemas
 * of src/enrolment-schemas.ts, src/ledger-schemas.ts and src/program-terms-schemas.ts (the wire
 * types are inferred from them, so the contract is written once), named here as components of the
 * OpenAPI document. The contract's PDF answer: pdf-answer.ts.
 */
import { z } from 'zod';
import type { CatalogueConflict } from '../../src/crm-catalogue-contract';
import type { ApplicantEnrolment, ContractTerms, ContractView, StaffEnrolment } from '../../src/enrolment-contract';
import { applicantEnrolmentSchema, contractTermsSchema, contractViewSchema, staffEnrolmentSchema } from '../../src/enrolment-schemas';
import type { Ledger, RefundList, RefundObligation } from '../../src/ledger-contract';
import { ledgerSchema, refundListSchema, refundObligationSchema } from '../../src/ledger-schemas';
import type { EnrolmentSettings, ProgramTerms } from '../../src/program-terms-contract';
import { enrolmentSettingsSchema, programTermsSchema } from '../../src/program-terms-schemas';
import { answerComponents, answerSchema } from '../openapi/answer-schema';
import { fileAnswer } from '../openapi/registry';

// The contract: ContractView holds ContractTerms; the applicant's and the staff panel's answers hold a ContractView.
answerSchema<ContractTerms>()('ContractTerms', contractTermsSchema);
answerSchema<ContractView>()('ContractView', contractViewSchema);
export const applicantEnrolmentAnswer = answerSchema<ApplicantEnrolment>()('ApplicantEnrolment', applicantEnrolmentSchema);

// The money: a Ledger lists its RefundObligations.
answerSchema<RefundObligation>()('RefundObligation', refundObligationSchema);
export const ledgerAnswer = answerSchema<Ledger>()('Ledger', ledgerSchema);
export const refundListAnswer = answerSchema<RefundList>()('RefundList', refundListSchema);

export const staffEnrolmentAnswer = answerSchema<StaffEnrolment>()('StaffEnrolment', staffEnrolmentSchema);

// What a contract is made from.
export const programTermsAnswer = answerSchema<ProgramTerms>()('ProgramTerms', programTermsSchema);
export const programTermsConflict = answerSchema<CatalogueConflict<ProgramTerms>>()(
  'ProgramTermsConflict',
  z.object({ message: z.string(), current: programTermsAnswer }),
);
export const enrolmentSettingsAnswer = answerSchema<EnrolmentSettings>()('EnrolmentSettings', enrolmentSettingsSchema);

const receiptBytes = z.string();
answerComponents.add(receiptBytes, { id: 'ReceiptFile', description: 'A numbered receipt of a payment or a refund (PDF).' });
export const receiptFileAnswer = fileAnswer(receiptBytes, 'application/pdf', 'The receipt as a PDF, inline, never cached.');
