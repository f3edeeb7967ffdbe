/**
 * Decision content of the eight vocational diplomas: fees (longer programs cost more; exam
 * vouchers priced at the vendors' Canadian list prices, rounded), requirements, outcomes and the
 * 2023–2024 KPI figures (employment in the field never above the employment rate).
 */
import type { CourseContent, KpiFigures } from '../../../../src/catalogue-content';
import { KPI_YEAR, diplomaAdmission } from './admission';

const DIPLOMA_PAYMENT_PLAN =
  'A $500 registration deposit holds your seat; the balance can be paid in up to 10 monthly instalments, interest-free. OSAP and Better Jobs Ontario funding may apply.';

const kpi = (graduation: number, employment: number, inField: number, graduateSat: number, employerSat: number): KpiFigures => ({
  reporting_year: KPI_YEAR,
  graduation_rate: graduation,
  employment_rate: employment,
  employment_in_field: inField,
  graduate_satisfaction: graduateSat,
  employer_satisfaction: employerSat,
});

export const VOCATIONAL_CONTENT: Readonly<Record<string, CourseContent>> = {
  'network-specialist-diploma': {
    fees: {
      domestic_tuition: 18900,
      international_tuition: 26500,
      books_materials: 1250,
      exam_vouchers: 950,
      payment_plan: DIPLOMA_PAYMENT_PLAN,
    },
    admission: diplomaAdmission(['Basic computer skills: files, a web browser and e-mail'], true),
    outcomes: {
      job_titles: [
        'Network technician',
        'Network support specialist',
        'Junior network administrator',
        'NOC technician',
        'IT support analyst',
      ],
      work_placement: '8-week industry work placement (320 hours) in the final term, arranged with our employer partners',
    },
    kpi: kpi(84, 81, 68, 88, 92),
  },
  'network-systems-administrator-diploma': {
    fees: {
      domestic_tuition: 17600,
      international_tuition: 24900,
      books_materials: 1150,
      exam_vouchers: 720,
      payment_plan: DIPLOMA_PAYMENT_PLAN,
    },
    admission: diplomaAdmission(['Basic computer skills: files, a web browser and e-mail'], true),
    outcomes: {
      job_titles: [
        'Systems administrator',
        'Infrastructure technician',
        'Windows server administrator',
        'IT support lead',
        'Backup and storage technician',
      ],
      work_placement: '8-week industry work placement (320 hours) in the final term',
    },
    kpi: kpi(82, 79, 66, 86, 90),
  },
  'cyber-security-specialist-diploma': {
    fees: {
      domestic_tuition: 20400,
      international_tuition: 28600,
      books_materials: 1350,
      exam_vouchers: 1120,
      payment_plan: DIPLOMA_PAYMENT_PLAN,
    },
    admission: diplomaAdmission(
      [
        'Basic computer skills; networking is taught from the start of the program',
        'A clear criminal record check is recommended, as many security employers ask for one',
      ],
      true,
    ),
    outcomes: {
      job_titles: [
        'Cyber security analyst',
        'SOC analyst (Tier 1)',
        'Vulnerability assessment technician',
        'IT security specialist',
        'Security administrator',
      ],
      work_placement: '8-week work placement (320 hours) in a security team or managed security provider',
    },
    kpi: kpi(80, 77, 61, 87, 89),
  },
  'security-operations-analyst-diploma': {
    fees: {
      domestic_tuition: 15200,
      international_tuition: 21400,
      books_materials: 950,
      exam_vouchers: 420,
      payment_plan: DIPLOMA_PAYMENT_PLAN,
    },
    admission: diplomaAdmission(['Basic computer skills and a computer that meets the online-learning requirements'], false),
    outcomes: {
      job_titles: ['SOC analyst (Tier 1)', 'Security monitoring analyst', 'Incident response technician', 'Threat intelligence assistant'],
      work_placement: '6-week remote or on-site placement in a security operations centre',
    },
    kpi: kpi(78, 74, 58, 83, 88),
  },
  'cloud-computing-engineer-diploma': {
    fees: {
      domestic_tuition: 19800,
      international_tuition: 27900,
      books_materials: 1200,
      exam_vouchers: 440,
      payment_plan: DIPLOMA_PAYMENT_PLAN,
    },
    admission: diplomaAdmission(['Basic computer skills; prior IT experience or our IT Fundamentals program is recommended'], true),
    outcomes: {
      job_titles: [
        'Cloud support engineer',
        'Junior cloud engineer',
        'Azure administrator',
        'Cloud operations technician',
        'Systems administrator',
      ],
      work_placement: '8-week industry work placement (320 hours) in the final term',
    },
    kpi: kpi(83, 82, 70, 89, 93),
  },
  'devops-engineer-diploma': {
    fees: {
      domestic_tuition: 16900,
      international_tuition: 23900,
      books_materials: 1000,
      exam_vouchers: 230,
      payment_plan: DIPLOMA_PAYMENT_PLAN,
    },
    admission: diplomaAdmission(
      ['Some programming or scripting experience, or our IT Fundamentals program, shown at the interview'],
      false,
    ),
    outcomes: {
      job_titles: ['Junior DevOps engineer', 'Build and release engineer', 'Site reliability technician', 'Cloud automation specialist'],
      work_placement: '6-week remote placement on a partner company’s delivery pipeline',
    },
    kpi: kpi(79, 80, 67, 85, 91),
  },
  'full-stack-web-developer-diploma': {
    fees: {
      domestic_tuition: 17900,
      international_tuition: 25200,
      books_materials: 1100,
      exam_vouchers: 0,
      payment_plan: DIPLOMA_PAYMENT_PLAN,
    },
    admission: diplomaAdmission(['A short problem-solving exercise at the interview (no coding experience needed)'], true),
    outcomes: {
      job_titles: ['Junior full stack developer', 'Front-end developer', 'Web developer', 'Junior software developer'],
      work_placement: '10-week placement with a development team, or a client capstone project for a local non-profit',
    },
    kpi: kpi(81, 72, 55, 84, 86),
  },
  'software-quality-assurance-diploma': {
    fees: {
      domestic_tuition: 13600,
      international_tuition: 19400,
      books_materials: 900,
      exam_vouchers: 300,
      payment_plan: DIPLOMA_PAYMENT_PLAN,
    },
    admission: diplomaAdmission(['Basic computer skills and a computer that meets the online-learning requirements'], false),
    outcomes: {
      job_titles: ['QA tester', 'Software test analyst', 'Junior automation tester', 'Quality assurance analyst'],
      work_placement: '6-week remote placement with a software testing team',
    },
    kpi: kpi(85, 78, 63, 86, 90),
  },
};
