/** About the college: who we are, our instructors, how to reach us, what we teach. */
import { COLLEGE, formatAddress } from '../college';
import type { InfoPage } from './types';

export const ABOUT_PAGES: readonly InfoPage[] = [
  {
    path: '/about-us',
    title: 'About Us',
    description: `${COLLEGE.name} is a registered private career college in downtown Toronto teaching networking, cloud, cybersecurity and software skills.`,
    intro: `${COLLEGE.name} is a private career college in downtown Toronto that prepares adults for work in information technology. We keep classes small, teach with real equipment and connect every program to an industry certification employers recognise.`,
    sections: [
      {
        heading: 'Our mission',
        paragraphs: [
          'We help career changers, newcomers to Canada and working professionals gain practical IT skills quickly and move into well-paid, in-demand roles.',
          'Every program is built around the tasks people really do at work: configuring networks, securing systems, supporting users, deploying cloud services and writing software.',
        ],
      },
      {
        heading: 'Registered and accountable',
        paragraphs: [
          COLLEGE.registration,
          'Our vocational programs are approved by the Superintendent of Career Colleges, and we publish our key performance indicators every year so that you can compare our results before you enrol.',
        ],
      },
      {
        heading: 'What makes us different',
        paragraphs: ['Students choose us for a learning experience that is personal and closely tied to the job market.'],
        list: [
          'Instructors who hold the certifications they teach and still work in the field',
          'Hands-on labs with Cisco, Linux, Microsoft and cloud environments',
          'Day, evening, weekend and online schedules',
          'Career coaching, résumé reviews and interview practice included in every diploma',
          'An on-site Pearson VUE test centre, so you can certify where you studied',
        ],
      },
    ],
  },
  {
    path: '/professors',
    title: 'Professors',
    description: 'Meet the instructors who teach networking, cybersecurity, cloud and software development at our Toronto college.',
    intro:
      'Our professors are practitioners first. Each one brings years of industry experience into the classroom and holds the vendor certifications behind the courses they teach.',
    sections: [
      {
        heading: 'Networking and infrastructure',
        paragraphs: [
          'Our networking faculty have designed and run enterprise and service-provider networks. They hold CCNP and CCIE-level credentials and teach the Cisco curriculum from first principles up to routing, switching and automation.',
        ],
      },
      {
        heading: 'Cybersecurity',
        paragraphs: [
          'Security courses are led by instructors with backgrounds in security operations centres, penetration testing and compliance audits. They hold credentials such as CompTIA Security+, CySA+, CISSP and CEH.',
        ],
      },
      {
        heading: 'Cloud, Microsoft and Linux',
        paragraphs: [
          'Microsoft Certified Trainers teach our Azure, Microsoft 365 and Windows Server courses, and Red Hat certified engineers teach Linux administration and scripting.',
        ],
      },
      {
        heading: 'Software and web development',
        paragraphs: [
          'Developers who build production web applications teach our programming courses, covering modern JavaScript, TypeScript, databases and the tools used by professional teams.',
        ],
      },
      {
        heading: 'How we support our teaching staff',
        paragraphs: [
          'Every instructor completes annual professional development and keeps their certifications current, so course content follows changes in the exams and in the industry.',
        ],
      },
    ],
  },
  {
    path: '/contact',
    title: 'Contact Us',
    description: `Call, e-mail or visit ${COLLEGE.name} at ${formatAddress()}. Office hours and directions.`,
    intro:
      'Our admissions advisers are happy to answer questions about programs, schedules, funding and admission requirements. Call, write or drop by the campus.',
    sections: [
      {
        heading: 'Visit the campus',
        paragraphs: [
          `The campus is at ${formatAddress()}, steps from the Bloor-Yonge subway station. Visitors are welcome during office hours; booking an appointment ensures an adviser is free to meet you.`,
        ],
      },
      {
        heading: 'Call or write',
        paragraphs: [
          `Phone ${COLLEGE.phone}. Admissions: ${COLLEGE.emails.admissions}. General questions: ${COLLEGE.emails.info}. We reply to e-mail within one business day.`,
        ],
      },
    ],
  },
  {
    path: '/programs',
    title: 'Programs',
    description:
      'Full-time diploma programs and part-time certification courses in networking, cybersecurity, cloud, Linux and software development.',
    intro:
      'Choose between full-time diploma programs that prepare you for a new career and part-time courses that add a certification to the career you already have.',
    sections: [
      {
        heading: 'Full-time vocational programs',
        paragraphs: [
          'Our diploma programs are approved vocational programs under the Ontario Career Colleges Act. They combine classroom theory, hands-on labs and career preparation, and many include a work placement. Most can be funded through OSAP, Better Jobs Ontario or other grants for eligible students.',
        ],
      },
      {
        heading: 'Full-time non-vocational programs',
        paragraphs: [
          'Shorter intensive programs that focus on a single vendor track or skill set. They suit learners who already work in IT and want to move up quickly.',
        ],
      },
      {
        heading: 'Part-time courses',
        paragraphs: [
          'Evening, weekend and online courses in Cisco, Linux, CompTIA and Microsoft technologies. Each course prepares you for a vendor certification exam that you can take at our Pearson VUE test centre.',
        ],
      },
      {
        heading: 'Corporate training',
        paragraphs: [
          'We also deliver private classes for teams, on our campus or at your workplace, and can help employers apply for the Canada-Ontario Job Grant.',
        ],
      },
    ],
  },
  {
    path: '/web-development-course',
    title: 'Web Development Course',
    description:
      'Learn to build modern websites and web applications with HTML, CSS, JavaScript, TypeScript and databases, taught by working developers.',
    intro:
      'Our web development course takes you from your first HTML page to a complete, deployed web application, with a portfolio you can show employers.',
    sections: [
      {
        heading: 'What you will learn',
        paragraphs: ['The course follows the path a junior developer takes on a real team.'],
        list: [
          'Semantic HTML, accessible design and responsive CSS layouts',
          'JavaScript and TypeScript fundamentals, the browser and the DOM',
          'Building user interfaces with a component framework',
          'Server-side development with Node.js, REST APIs and SQL databases',
          'Version control with Git, testing and continuous deployment',
        ],
      },
      {
        heading: 'How the course runs',
        paragraphs: [
          'Classes run on weekday evenings and Saturdays, on campus or live online. Each module ends with a project, and the final capstone is a full application built with a small team and reviewed by an instructor.',
        ],
      },
      {
        heading: 'Who it is for',
        paragraphs: [
          'No programming background is required, but you should be comfortable with computers and ready to practise between classes. Graduates apply for roles such as junior front-end developer, web developer and QA analyst.',
        ],
      },
    ],
  },
  {
    path: '/announcements',
    title: 'Announcements',
    description: 'News from the college: new intakes, schedule changes, events and campus notices.',
    intro: 'News from the college: new intakes, schedule changes, information sessions and campus notices.',
    sections: [],
  },
  {
    path: '/thank-you',
    title: 'Thank You',
    description: 'Thank you for your inquiry. An admissions adviser will contact you shortly.',
    intro:
      'Thank you for your interest. We have received your inquiry, and an admissions adviser will contact you within one business day.',
    sections: [
      {
        heading: 'What happens next',
        paragraphs: [
          'Your adviser will talk with you about your goals, recommend a program, explain the schedule and costs, and walk you through the funding options you may qualify for.',
          `If your question is urgent, call us at ${COLLEGE.phone} during office hours.`,
        ],
      },
    ],
  },
];
