/** Accountability and funding: the Ontario KPIs, the Canada-Ontario Job Grant, Better Jobs Ontario. */
import type { InfoPage } from './types';

export const FUNDING_PAGES: readonly InfoPage[] = [
  {
    path: '/kpi',
    title: 'Key Performance Indicators',
    description: 'The five key performance indicators Ontario publishes for career college programs, and how to read them.',
    intro:
      'Ontario measures the results of career college programs with five key performance indicators (KPIs). They help you compare colleges and programs on outcomes that matter.',
    sections: [
      {
        heading: 'The five indicators',
        paragraphs: ['Each approved vocational program is measured on:'],
        list: [
          'Graduation rate: the share of students who complete the program',
          'Graduate employment rate: the share of graduates who find work',
          'Employed in the field of study: the share of graduates who work in the field they trained for',
          'Graduate satisfaction: how satisfied graduates are that the program prepared them for employment',
          'Employer satisfaction: how satisfied employers are with the preparation of the graduates they hired',
        ],
      },
      {
        heading: 'Where the figures come from',
        paragraphs: [
          'The data is collected by an independent research firm on behalf of the Ministry of Colleges and Universities through surveys of graduates and employers. Results are published by the Ministry, and we share our latest results with anyone who asks.',
        ],
      },
      {
        heading: 'Ask us',
        paragraphs: [
          'Our admissions advisers can give you the current KPI results for the program you are considering and explain what they mean.',
        ],
      },
    ],
  },
  {
    path: '/cojg',
    title: 'Canada-Ontario Job Grant',
    description: 'Employers can recover up to two thirds of the cost of training their staff through the Canada-Ontario Job Grant (COJG).',
    intro:
      'The Canada-Ontario Job Grant (COJG) helps employers invest in their people. It covers a large part of the cost of training existing or new employees at an eligible provider such as our college.',
    sections: [
      {
        heading: 'How the grant works',
        paragraphs: [
          'The government contributes up to two thirds of eligible training costs, up to a set amount per trainee; the employer pays the rest. Small businesses with fewer than 100 employees may receive a larger share. Training must be delivered by a third-party provider and must be completed within one year.',
        ],
      },
      {
        heading: 'Who is eligible',
        list: [
          'Private and non-profit employers operating in Ontario',
          'Employees or new hires working in Ontario',
          'Training that is not already required by law for the job',
        ],
        paragraphs: [],
      },
      {
        heading: 'How we help',
        paragraphs: [
          'We help you choose courses, prepare a quote and complete the application through Employment Ontario. Training can run at our campus, online or at your workplace.',
        ],
      },
    ],
  },
  {
    path: '/better-jobs-ontario',
    title: 'Better Jobs Ontario',
    description:
      'Better Jobs Ontario (formerly Second Career) funds retraining for laid-off workers: tuition, books, transport and living costs.',
    intro:
      'Better Jobs Ontario, formerly known as Second Career, helps laid-off workers retrain for jobs in demand. Many of our students have moved into IT careers with its support.',
    sections: [
      {
        heading: 'What it can cover',
        paragraphs: ['Approved applicants may receive financial support for up to 52 weeks of training, including:'],
        list: [
          'Tuition, books and training materials',
          'Transportation',
          'Basic living allowance',
          'Child care and disability-related supports where needed',
        ],
      },
      {
        heading: 'Who may qualify',
        paragraphs: [
          'You may be eligible if you have been laid off, have not worked for some time, or are self-employed and have closed your business, and you are a resident of Ontario. An Employment Ontario centre confirms your eligibility.',
        ],
      },
      {
        heading: 'How to apply',
        paragraphs: [
          'Contact your nearest Employment Ontario service provider to start an application. We will give you the program information, labour market research support and the cost details you need for your submission.',
        ],
      },
    ],
  },
];
