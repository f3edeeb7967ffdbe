/**
 * The privacy policy (Canada's PIPEDA) and the accessibility statement (Ontario's AODA). The
 * inquiry form links to the privacy policy under its fields.
 */
import { COLLEGE } from '../college';
import type { InfoPage } from './types';

const EFFECTIVE_DATE = '2026-11-24';
const EFFECTIVE = 'Effective 24 November 2026.';

export const PRIVACY_PAGES: readonly InfoPage[] = [
  {
    path: '/privacy-policy',
    title: 'Privacy Policy',
    effectiveDate: EFFECTIVE_DATE,
    description:
      'What personal information the college collects through its website and inquiry form, why, how long it is kept, and how to see, correct or delete it.',
    intro: `${EFFECTIVE} ${COLLEGE.name} handles personal information under Canada's Personal Information Protection and Electronic Documents Act (PIPEDA). This page explains what we collect, why, and what you can ask of us.`,
    sections: [
      {
        heading: 'What we collect',
        paragraphs: [
          "When you send an inquiry (the Apply Now form, on our site or on a partner's page), we collect what you type and a few details about how you reached us:",
        ],
        list: [
          'Your first and last name, e-mail address and phone number',
          'Whether you are a domestic or international student, the program you ask about and whether you want help with financial aid',
          "How you found us: the page you came from, campaign tags in the link (utm_*), and whether you arrived from a search or social ad (the ad's click identifier)",
        ],
      },
      {
        heading: 'Why we collect it',
        paragraphs: [
          'Only to answer your inquiry: an admissions adviser contacts you about the program, intakes, fees, admission requirements and funding. We also count inquiries by source to learn which of our advertising works.',
          'We do not sell or rent personal information, and we do not use it for anything else without your consent.',
        ],
      },
      {
        heading: 'Who can see it',
        paragraphs: [
          'Our admissions staff, through a staff system protected by individual accounts and two-factor sign-in. Our e-mail and hosting providers process it on our behalf, in Canada where possible, under contracts that require the same protection.',
          'A partner site that shows our form does not receive what you type; it may learn that an inquiry was sent, without your details.',
        ],
      },
      {
        heading: 'How long we keep it',
        paragraphs: [
          'Inquiries are kept for 24 months after our last contact with you, then deleted. If you enrol, your student record is kept as the Ontario Career Colleges Act, 2005 requires.',
        ],
      },
      {
        heading: 'Your rights: access, correction, deletion',
        paragraphs: [
          `You may ask to see the personal information we hold about you, have it corrected, or have your inquiry deleted. Write to our privacy officer at ${COLLEGE.emails.info} or call ${COLLEGE.phone}; we answer within 30 days.`,
          'If you are not satisfied with our answer, you may complain to the Office of the Privacy Commissioner of Canada.',
        ],
      },
    ],
  },
  {
    path: '/accessibility',
    title: 'Accessibility Statement',
    effectiveDate: EFFECTIVE_DATE,
    description:
      'How the college makes its website, inquiry form and services accessible, as the Accessibility for Ontarians with Disabilities Act (AODA) requires, and how to ask for help.',
    intro: `${EFFECTIVE} ${COLLEGE.name} is committed to serving everyone, including people with disabilities, in line with the Accessibility for Ontarians with Disabilities Act, 2005 (AODA).`,
    sections: [
      {
        heading: 'Our website and inquiry form',
        paragraphs: [
          'We build this website and the Apply Now form to meet the Web Content Accessibility Guidelines (WCAG) 2.1 at level AA: every page works by keyboard, every field has a label, errors are announced and shown beside their fields, and pages read without JavaScript.',
          'We check every release with automated accessibility tests in a real browser, at desktop and phone widths.',
        ],
      },
      {
        heading: 'Accommodations',
        paragraphs: [
          'If a disability makes it hard to apply, study or take an exam with us, tell an admissions or student adviser. We provide accommodations such as accessible formats, extra time and assistive technology, and keep what you tell us confidential.',
        ],
      },
      {
        heading: 'Feedback and alternative formats',
        paragraphs: [
          `If something on this site does not work for you, or you need a document in another format, write to ${COLLEGE.emails.info} or call ${COLLEGE.phone}. We answer within five business days.`,
        ],
      },
    ],
  },
];
