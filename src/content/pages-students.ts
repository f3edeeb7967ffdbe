/** Pages for students: services, funding, international students, testing, health policy. */
import { COLLEGE } from '../college';
import type { InfoPage } from './types';

export const STUDENT_PAGES: readonly InfoPage[] = [
  {
    path: '/career-student-services',
    title: 'Career & Student Services',
    description: 'Career coaching, job search support, tutoring and student advising for every student, from admission to employment.',
    intro:
      'From the day you enrol until well after you graduate, our student services team helps you succeed in class and land a job in your field.',
    sections: [
      {
        heading: 'Career services',
        paragraphs: ['Career coaching is part of every diploma program and open to part-time students too.'],
        list: [
          'One-on-one career planning with a dedicated career adviser',
          'Résumé, cover letter and LinkedIn profile reviews',
          'Mock technical and behavioural interviews',
          'Job postings from our employer network and invitations to hiring events',
          'Help finding and preparing for work placements',
        ],
      },
      {
        heading: 'Student services',
        paragraphs: [
          'Student advisers help with scheduling, attendance, study plans and any difficulty that gets in the way of learning. Extra lab time and tutoring are available at no cost for students who need more practice.',
          'We provide academic accommodations for students with disabilities. Speak with an adviser as early as possible so that we can arrange them before your classes begin.',
        ],
      },
      {
        heading: 'Graduate support',
        paragraphs: ['Graduates keep access to career services for twelve months after finishing their program.'],
      },
    ],
  },
  {
    path: '/financial-aid',
    title: 'Financial Aid',
    description: 'OSAP, Better Jobs Ontario, the Canada-Ontario Job Grant and payment plans: how to fund your IT training.',
    intro:
      'Cost should not stand between you and a new career. Many of our students pay little or nothing up front thanks to government funding and flexible payment plans.',
    sections: [
      {
        heading: 'OSAP',
        paragraphs: [
          'Our approved vocational programs are eligible for the Ontario Student Assistance Program. OSAP combines grants, which you do not repay, with loans repaid after you finish your studies. Apply online through the OSAP website; our financial aid officer can help you complete the application.',
        ],
      },
      {
        heading: 'Better Jobs Ontario',
        paragraphs: [
          'If you have been laid off, Better Jobs Ontario may pay for tuition, books, transportation and some living costs while you retrain. See our Better Jobs Ontario page for details.',
        ],
      },
      {
        heading: 'Employer-sponsored training',
        paragraphs: [
          'Employers can recover up to two thirds of training costs through the Canada-Ontario Job Grant. See our COJG page for how it works.',
        ],
      },
      {
        heading: 'Payment plans',
        paragraphs: [
          'Self-funded students can spread tuition over monthly instalments at no interest. Ask an admissions adviser for a plan that fits your budget.',
        ],
      },
    ],
  },
  {
    path: '/international-students',
    title: 'International Students',
    description: 'Study IT in Toronto: admission, study permits, English requirements and support for international students.',
    intro:
      'Students from around the world come to Toronto to study with us. Our international admissions team guides you from your first question to your first day of class.',
    sections: [
      {
        heading: 'Admission requirements',
        paragraphs: ['International applicants need:'],
        list: [
          'A secondary school diploma or its equivalent',
          'Proof of English proficiency, such as IELTS Academic 6.0 overall or an equivalent test',
          'A valid passport',
          'A letter of acceptance from the college before applying for a study permit',
        ],
      },
      {
        heading: 'Study permits',
        paragraphs: [
          'Programs longer than six months require a study permit from Immigration, Refugees and Citizenship Canada. Processing can take several months, so apply early. Note that graduates of private career colleges are generally not eligible for a post-graduation work permit; we explain your options honestly before you apply.',
        ],
      },
      {
        heading: 'Living in Toronto',
        paragraphs: [
          'Our advisers help with arrival planning, health insurance, finding housing and opening a bank account. Toronto is one of the most diverse cities in the world, with a large and growing technology sector.',
        ],
      },
    ],
  },
  {
    path: '/covid-19-vaccination-policy',
    title: 'COVID-19 Vaccination Policy',
    effectiveDate: '2023-09-05',
    description: 'How the college protects students and staff from COVID-19, and what is expected of everyone on campus.',
    intro:
      'The health of our students, staff and visitors comes first. This policy explains the measures the college takes and what we ask of everyone who comes to campus.',
    sections: [
      {
        heading: 'Vaccination',
        paragraphs: [
          'The college strongly encourages everyone on campus to stay up to date with the COVID-19 vaccines recommended by public health authorities. Requirements follow the guidance of the Ontario government and Toronto Public Health and are updated when that guidance changes.',
        ],
      },
      {
        heading: 'If you feel unwell',
        paragraphs: [
          'Stay home if you have symptoms of COVID-19 or any contagious illness, and tell your instructor. Missed classes can be made up through recorded lessons, online sessions or extra lab time, without penalty.',
        ],
      },
      {
        heading: 'On campus',
        paragraphs: [
          'Classrooms and labs are well ventilated and cleaned daily. Masks are welcome at any time, and hand sanitizer is available throughout the campus.',
        ],
      },
      {
        heading: 'Accommodations',
        paragraphs: [
          'Students who cannot follow part of this policy for a medical or other protected reason under the Ontario Human Rights Code may request an accommodation from student services.',
        ],
      },
    ],
  },
  {
    path: '/pearson-vue-authorized-center',
    title: 'Pearson VUE Authorized Test Center',
    description:
      'Book Cisco, CompTIA, Microsoft and other IT certification exams at our Pearson VUE authorized test centre in downtown Toronto.',
    intro:
      'Our campus is an authorized Pearson VUE test centre. Students and the public can take their certification exams in a quiet, professionally run room in downtown Toronto.',
    sections: [
      {
        heading: 'Exams you can take',
        paragraphs: ['We deliver exams from most IT certification programs, including:'],
        list: [
          'Cisco (CCNA, CCNP and more)',
          'CompTIA (A+, Network+, Security+, CySA+)',
          'Microsoft (Azure, Microsoft 365, security)',
          'Linux Professional Institute',
          'Many other vendors listed by Pearson VUE',
        ],
      },
      {
        heading: 'Booking an exam',
        paragraphs: [
          'Create an account on the Pearson VUE website, choose your exam and select our centre. Arrive fifteen minutes early with two pieces of valid identification, one of them government-issued with a photo.',
        ],
      },
      {
        heading: 'Questions',
        paragraphs: [`Call ${COLLEGE.phone} or e-mail ${COLLEGE.emails.info} for help with scheduling or exam-day requirements.`],
      },
    ],
  },
];
