/** Program categories (full-time) and course categories with their sub-categories (part-time). */
import type { SeedCategory } from './types';

export const FULL_TIME_CATEGORIES: readonly SeedCategory[] = [
  {
    slug: 'networking',
    name: 'Networking',
    courseType: 1,
    description:
      'Diploma programs that prepare you to design, build and support the routed and switched networks every organisation runs on, with hands-on time on real Cisco equipment in our Toronto lab.',
  },
  {
    slug: 'cyber-security',
    name: 'Cyber Security',
    courseType: 1,
    description:
      'Programs for defenders: securing networks and endpoints, watching for attacks in a security operations centre and responding when something goes wrong.',
  },
  {
    slug: 'cloud-computing',
    name: 'Cloud Computing',
    courseType: 1,
    description:
      'Programs that teach you to run workloads on Microsoft Azure and Amazon Web Services, automate infrastructure and keep cloud costs and risks under control.',
  },
  {
    slug: 'software-web-development',
    name: 'Software & Web Development',
    courseType: 1,
    description:
      'Programs for builders: modern web applications from the browser to the database, and the testing practices that keep software working.',
  },
];

export const PART_TIME_CATEGORIES: readonly SeedCategory[] = [
  {
    slug: 'cisco',
    name: 'Cisco',
    courseType: 2,
    description:
      'Evening and weekend courses that follow the official Cisco certification tracks, taught by working network engineers and practised on physical routers, switches and firewalls.',
    subs: [
      { slug: 'ccna', name: 'CCNA', description: 'The associate-level track: the networking foundations every Cisco career starts with.' },
      { slug: 'ccnp', name: 'CCNP', description: 'Professional-level tracks for engineers who already hold or match the CCNA.' },
      { slug: 'cyberops', name: 'CyberOps', description: 'Cisco’s security operations track for analysts who work in a SOC.' },
    ],
  },
  {
    slug: 'linux',
    name: 'Linux',
    courseType: 2,
    description:
      'Courses that take you from your first shell command to administering production Linux servers, following the LPI and Red Hat certifications.',
    subs: [
      { slug: 'lpi', name: 'LPI', description: 'Vendor-neutral Linux certifications from the Linux Professional Institute.' },
      { slug: 'red-hat', name: 'Red Hat', description: 'Hands-on, performance-based Red Hat Enterprise Linux certifications.' },
    ],
  },
  {
    slug: 'comptia',
    name: 'CompTIA',
    courseType: 2,
    description: 'Vendor-neutral CompTIA certifications that employers use as a baseline for help desk, network and security roles.',
    subs: [
      { slug: 'core', name: 'Core', description: 'A+ and Network+: the foundation certifications for IT support and networking.' },
      { slug: 'security', name: 'Security', description: 'Security+, CySA+ and PenTest+: the CompTIA cyber security pathway.' },
      { slug: 'infrastructure', name: 'Infrastructure', description: 'Cloud and server infrastructure certifications.' },
    ],
  },
  {
    slug: 'microsoft',
    name: 'Microsoft',
    courseType: 2,
    description: 'Microsoft role-based certification courses for Azure and Microsoft 365, delivered by Microsoft Certified Trainers.',
    subs: [
      { slug: 'azure', name: 'Azure', description: 'Azure fundamentals, administration, architecture and security.' },
      { slug: 'microsoft-365', name: 'Microsoft 365', description: 'Microsoft 365 fundamentals and tenant administration.' },
    ],
  },
];
