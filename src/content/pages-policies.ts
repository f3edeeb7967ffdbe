/** The college's student policies on one page. */
import { COLLEGE } from '../college';
import type { InfoPage } from './types';

export const POLICY_PAGES: readonly InfoPage[] = [
  {
    path: '/policies',
    title: 'Policies',
    effectiveDate: '2025-09-01',
    description: 'Our policies on withdrawal and refunds, student complaints, expulsion, sexual violence and student rights.',
    intro:
      'These policies explain your rights and responsibilities as a student and how the college handles refunds, complaints and misconduct, in line with the Ontario Career Colleges Act, 2005.',
    sections: [
      {
        heading: 'Withdrawal and refund policy',
        paragraphs: [
          'You may withdraw from a program by notifying the registrar in writing. If you withdraw within two days of signing your contract and before classes begin, you receive a full refund. After that, refunds follow the formula set by the regulations under the Ontario Career Colleges Act, based on the share of the program delivered before you withdrew.',
          'Refunds are paid within 30 days of the written notice of withdrawal.',
        ],
      },
      {
        heading: 'Student complaints procedure',
        paragraphs: [
          'Bring a concern to your instructor or student adviser first; most issues are resolved this way. If not, submit a written complaint to the campus director, who will meet with you and answer in writing within seven days.',
          'If you are not satisfied with the outcome, you may file a complaint with the Superintendent of Career Colleges.',
        ],
      },
      {
        heading: 'Expulsion policy',
        paragraphs: [
          'A student may be expelled for serious or repeated misconduct, after a documented warning except where safety is at risk. Grounds include:',
        ],
        list: [
          'Academic dishonesty, including cheating and plagiarism',
          'Harassment, discrimination, threats or violence',
          'Repeated absence without a valid reason',
          'Damage to college property or misuse of college systems',
        ],
      },
      {
        heading: 'Sexual violence policy',
        paragraphs: [
          'The college does not tolerate sexual violence or harassment in any form. Anyone affected can report an incident to the campus director or any staff member in confidence and will receive support, accommodations and information about community services, whether or not they make a formal complaint.',
          'Every report is investigated promptly and fairly, and no one is penalised for reporting in good faith.',
        ],
      },
      {
        heading: 'Student rights',
        paragraphs: ['As a student you have the right to:'],
        list: [
          'Be treated with respect, free from harassment and discrimination',
          'Receive the training described in your contract and program outline',
          'Have your personal information kept private',
          'Raise a complaint without fear of reprisal',
          `A copy of every college policy on request (${COLLEGE.emails.info})`,
        ],
      },
    ],
  },
];
