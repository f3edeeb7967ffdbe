/**
 * Sample instructors for the seed: invented people (any likeness to a real person is accidental),
 * stored with `sample = true` so the site labels them as sample data until staff replace them.
 */
export interface SeedProfessor {
  /** Stable key: the seed derives the row id from it. */
  key: string;
  name: string;
  title: string;
  credentials: string[];
  bio: string;
  /** Slugs of the seed courses taught. */
  courseSlugs: string[];
}

export const SAMPLE_PROFESSORS: readonly SeedProfessor[] = [
  {
    key: 'daniel-okafor',
    name: 'Daniel Okafor',
    title: 'Lead Instructor, Networking',
    credentials: ['CCNP Enterprise', 'CCNA', 'CompTIA Network+'],
    bio: 'Daniel spent twelve years building campus and branch networks for a regional internet provider before he started teaching. His labs are known for the faults he hides in them.',
    courseSlugs: ['network-specialist-diploma', 'ccna', 'ccnp-enterprise'],
  },
  {
    key: 'priya-raman',
    name: 'Priya Raman',
    title: 'Program Coordinator, Cyber Security',
    credentials: ['CISSP', 'CompTIA CySA+', 'CompTIA Security+'],
    bio: 'Priya ran vulnerability management for a mid-sized insurer and still audits security programs for small businesses. She coordinates the cyber security diploma and its work placements.',
    courseSlugs: ['cyber-security-specialist-diploma', 'comptia-security-plus', 'comptia-cysa-plus'],
  },
  {
    key: 'marc-lefebvre',
    name: 'Marc Lefebvre',
    title: 'Instructor, Security Operations',
    credentials: ['Cisco CyberOps Associate', 'CompTIA PenTest+'],
    bio: 'Marc worked night shifts in a security operations centre for six years, triaging alerts and writing detection rules. He teaches students to read logs the way an analyst does.',
    courseSlugs: ['security-operations-analyst-diploma', 'cisco-cyberops-associate', 'comptia-pentest-plus'],
  },
  {
    key: 'grace-liu',
    name: 'Grace Liu',
    title: 'Microsoft Certified Trainer, Cloud',
    credentials: ['Microsoft Certified Trainer', 'Azure Solutions Architect Expert', 'AWS Solutions Architect – Associate'],
    bio: 'Grace moved a retailer’s data centre to Azure and now designs cloud landing zones as a consultant. She teaches our Azure courses and the cloud computing diploma.',
    courseSlugs: [
      'cloud-computing-engineer-diploma',
      'az-900-azure-fundamentals',
      'az-104-azure-administrator',
      'az-305-azure-solutions-architect',
    ],
  },
  {
    key: 'tomasz-nowak',
    name: 'Tomasz Nowak',
    title: 'Instructor, Linux and DevOps',
    credentials: ['Red Hat Certified Engineer', 'LPIC-2', 'Certified Kubernetes Administrator'],
    bio: 'Tomasz automated build pipelines and Linux fleets for a software company for a decade. In class he automates everything twice: once by hand, then with code.',
    courseSlugs: ['devops-engineer-diploma', 'rhcsa', 'rhce', 'lpic-1-linux-administrator'],
  },
  {
    key: 'amara-mensah',
    name: 'Amara Mensah',
    title: 'Lead Instructor, Software Development',
    credentials: ['B.Sc. Computer Science', 'ISTQB Certified Tester Foundation Level'],
    bio: 'Amara has shipped web applications for start-ups and a public broadcaster. She teaches full stack development and software testing, with code reviews modelled on real teams.',
    courseSlugs: ['full-stack-web-developer-diploma', 'software-quality-assurance-diploma'],
  },
  {
    key: 'sofia-almeida',
    name: 'Sofia Almeida',
    title: 'Instructor, IT Support and Microsoft 365',
    credentials: ['CompTIA A+', 'Microsoft 365 Certified: Administrator Expert'],
    bio: 'Sofia led a service desk of fifteen analysts before joining the college. She teaches the first steps of an IT career, from the help desk to Microsoft 365 administration.',
    courseSlugs: [
      'it-fundamentals-foundation-program',
      'comptia-a-plus',
      'ms-900-microsoft-365-fundamentals',
      'ms-102-microsoft-365-administrator',
    ],
  },
  {
    key: 'helen-brooks',
    name: 'Helen Brooks',
    title: 'Instructor, Communication and Project Management',
    credentials: ['PMP', 'TESL Ontario certified'],
    bio: 'Helen managed IT projects for fifteen years and has taught workplace English to newcomers for eight. She prepares students for the PMP exam and for English at work.',
    courseSlugs: ['english-for-it-careers', 'pmp-exam-preparation'],
  },
];
