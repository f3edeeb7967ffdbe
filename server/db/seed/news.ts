/** Announcements and the home banner's Microsoft course offers. */

export interface SeedAnnouncement {
  key: string;
  title: string;
  body: string;
  /** Days before the first seeding; the date is fixed once inserted. */
  daysAgo: number;
}

export const ANNOUNCEMENTS: readonly SeedAnnouncement[] = [
  {
    key: 'new-cyber-lab',
    title: 'Our new cyber security lab is open',
    body: 'Students in the Cyber Security Specialist Diploma and the CompTIA security courses now practise in a dedicated lab range with isolated networks for attack and defence exercises.',
    daysAgo: 6,
  },
  {
    key: 'ccnp-enterprise-weekend',
    title: 'New weekend section of CCNP Enterprise',
    body: 'Because of demand from working network engineers, CCNP Enterprise now runs on weekends as well. Seats are limited to sixteen per section so everyone gets time on the equipment.',
    daysAgo: 20,
  },
  {
    key: 'better-jobs-ontario-info',
    title: 'Better Jobs Ontario information sessions',
    body: 'Laid off and thinking about a career in IT? Join a free information session to learn how Better Jobs Ontario can help pay for your diploma and how our advisers support your application.',
    daysAgo: 41,
  },
  {
    key: 'pearson-vue-hours',
    title: 'Extended Pearson VUE testing hours',
    body: 'Our authorised Pearson VUE test centre now offers exam appointments on Saturdays, so you can sit Cisco, CompTIA and Microsoft exams without taking a day off work.',
    daysAgo: 75,
  },
];

export interface SeedBannerOffer {
  courseSlug: string;
  title: string;
  subtitle: string;
  cta: string;
}

export const BANNER_OFFERS: readonly SeedBannerOffer[] = [
  {
    courseSlug: 'az-900-azure-fundamentals',
    title: 'Start your cloud career with AZ-900',
    subtitle: 'Two live online days covering cloud concepts and the core Azure services, with an exam voucher included.',
    cta: 'Apply Now',
  },
  {
    courseSlug: 'az-104-azure-administrator',
    title: 'Become an Azure Administrator',
    subtitle: 'Weekend AZ-104 classes on campus in Toronto, with labs in real Azure subscriptions.',
    cta: 'Apply Now',
  },
  {
    courseSlug: 'az-500-azure-security-engineer',
    title: 'Secure the cloud with AZ-500',
    subtitle: 'Evening online classes for the Azure Security Engineer Associate certification.',
    cta: 'Apply Now',
  },
  {
    courseSlug: 'ms-102-microsoft-365-administrator',
    title: 'Run Microsoft 365 like an expert',
    subtitle: 'MS-102 evening classes: tenant setup, identity, Defender XDR and Purview compliance.',
    cta: 'Apply Now',
  },
];
