/**
 * Decision content of the part-time courses: tuition, books and the certification exam voucher
 * (vendors' Canadian prices, rounded), the background we recommend, and the roles they lead to.
 * The same price for everyone: part-time courses are open enrolment. No KPI figures (not vocational).
 */
import type { CourseContent } from '../../../../src/catalogue-content';
import { partTimeAdmission } from './admission';

const PART_TIME_PAYMENT_PLAN =
  'Pay in full at registration, or in two instalments for courses over $1,000. The Canada-Ontario Job Grant may cover up to two thirds of the cost through your employer.';

function partTime(tuition: number, books: number, exam: number, background: string, jobs: string[]): CourseContent {
  return {
    fees: {
      domestic_tuition: tuition,
      international_tuition: tuition,
      books_materials: books,
      exam_vouchers: exam,
      payment_plan: PART_TIME_PAYMENT_PLAN,
    },
    admission: partTimeAdmission(background),
    outcomes: { job_titles: jobs, work_placement: null },
    kpi: null,
  };
}

const NO_BACKGROUND = 'No prior IT experience needed';
const NETWORKING = 'Networking fundamentals at the level of CCNA or CompTIA Network+ recommended';
const LINUX = 'Comfort with the Linux command line (Linux Essentials level) recommended';
const AZURE = 'Six months of hands-on Azure experience or AZ-104 recommended';

export const PART_TIME_CONTENT: Readonly<Record<string, CourseContent>> = {
  ccna: partTime(2450, 180, 415, 'Basic computer skills; no networking experience needed', [
    'Network technician',
    'Network support specialist',
    'NOC technician',
  ]),
  'ccnp-enterprise': partTime(3950, 240, 1030, 'CCNA or equivalent experience recommended', [
    'Network engineer',
    'Senior network administrator',
  ]),
  'ccnp-security': partTime(3500, 220, 620, 'CCNA or equivalent experience recommended', [
    'Network security engineer',
    'Firewall administrator',
  ]),
  'cisco-cyberops-associate': partTime(1950, 150, 415, NETWORKING, ['SOC analyst (Tier 1)', 'Security monitoring analyst']),
  'ccnp-routing-and-switching': partTime(3950, 240, 0, 'CCNA or equivalent experience recommended', ['Network engineer']),
  'linux-essentials': partTime(650, 60, 165, NO_BACKGROUND, ['IT support trainee', 'Junior Linux user support']),
  'lpic-1-linux-administrator': partTime(1950, 150, 550, LINUX, ['Junior Linux administrator', 'Systems support technician']),
  rhcsa: partTime(2800, 120, 690, LINUX, ['Linux system administrator', 'Infrastructure technician']),
  rhce: partTime(2600, 120, 690, 'RHCSA or equivalent experience recommended', [
    'Senior Linux administrator',
    'Automation engineer (Ansible)',
  ]),
  'comptia-a-plus': partTime(2200, 180, 700, NO_BACKGROUND, [
    'Help desk technician',
    'Desktop support analyst',
    'Field service technician',
  ]),
  'comptia-network-plus': partTime(1650, 140, 540, 'CompTIA A+ or basic IT support experience recommended', [
    'Network technician',
    'Network support specialist',
  ]),
  'comptia-security-plus': partTime(1750, 140, 560, NETWORKING, [
    'Security administrator',
    'Junior security analyst',
    'IT auditor (entry level)',
  ]),
  'comptia-cysa-plus': partTime(1850, 150, 560, 'Security+ or equivalent experience recommended', [
    'Cyber security analyst',
    'Threat intelligence analyst',
  ]),
  'comptia-pentest-plus': partTime(1750, 150, 560, 'Security+ or equivalent experience recommended', [
    'Penetration tester (junior)',
    'Vulnerability assessment analyst',
  ]),
  'comptia-cloud-plus': partTime(1650, 140, 540, 'Networking and server basics recommended', [
    'Cloud support technician',
    'Systems administrator',
  ]),
  'az-900-azure-fundamentals': partTime(495, 0, 140, NO_BACKGROUND, [
    'Cloud sales and support roles',
    'A first step towards Azure administration',
  ]),
  'az-104-azure-administrator': partTime(1450, 90, 230, 'AZ-900 or basic cloud and networking knowledge recommended', [
    'Azure administrator',
    'Cloud operations technician',
  ]),
  'az-305-azure-solutions-architect': partTime(1550, 90, 230, 'AZ-104 and hands-on Azure administration experience', [
    'Azure solutions architect',
    'Cloud engineer',
  ]),
  'az-500-azure-security-engineer': partTime(1550, 90, 230, AZURE, ['Azure security engineer', 'Cloud security analyst']),
  'ms-900-microsoft-365-fundamentals': partTime(295, 0, 140, NO_BACKGROUND, ['Microsoft 365 support roles', 'A first step towards MS-102']),
  'ms-102-microsoft-365-administrator': partTime(1650, 90, 230, 'MS-900 or six months of Microsoft 365 support experience recommended', [
    'Microsoft 365 administrator',
    'Messaging and collaboration administrator',
  ]),
};
