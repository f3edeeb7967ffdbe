/** @jest-environment node */
import fs from 'node:fs';
import { describeBrowser, launchBrowser, axeViolations, describeViolations } from '../support/browser';
import { startTestServer } from '../support/server';
import { openSignedIn } from '../support/staff';

const course = {
  _id: 'c1', course_name: 'Network Specialist Diploma', slug: 'network-specialist-diploma', course_type: 1, vocational: true,
  category_id: 'k1', sub_category_id: null, summary: 'Build and run networks.', description: 'Long text here about the program.',
  outline: ['Networking fundamentals', 'Routing and switching'], duration: 52, duration_unit: 2, delivery_mode: 1, status: 1,
  certification: 'CCNA 200-301', path: '/full-time/network-specialist-diploma', version: 3, updated_at: '2026-11-20T10:00:00Z',
  updated_by: { _id: 'u1', name: 'Admin' },
  fees: { domestic_tuition: 15900, international_tuition: 21900, books_materials: 850, exam_vouchers: 420, payment_plan: 'Pay in 4 instalments.' },
  admission: { domestic: ['OSSD or equivalent', 'Or mature student'], international: ['Secondary diploma'], english_tests: [{ test: 'IELTS Academic', score: '6.0 overall' }], mature_student: '19 or older, admissions test.' },
  outcomes: { job_titles: ['Network technician', 'NOC analyst'], work_placement: '8-week placement' },
  kpi: { reporting_year: '2023–2024', graduation_rate: 81, employment_rate: 78, employment_in_field: 70, graduate_satisfaction: 88, employer_satisfaction: 91 },
};
const json = (body: unknown, status = 200) => ({ status, contentType: 'application/json', body: JSON.stringify(body) });

describeBrowser('scratch', () => {
  test.each([1280, 390])('shots %i', async (width) => {
    const [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    await page.route('**/api/crm/catalogue/**', (route) => {
      const url = new URL(route.request().url());
      const p = url.pathname.replace('/api/crm/catalogue', '');
      if (p === '/courses') return route.fulfill(json({ courses: [course, { ...course, _id: 'c2', course_name: 'Linux Essentials', status: 2, course_type: 2, path: '/course/linux' }], total: 2, page: 1, page_size: 20 }));
      if (p === '/courses/c1' && route.request().method() === 'PUT') return route.fulfill(json({ message: 'Please check the fields marked.', errors: { course_name: 'Enter the name.', 'fees.domestic_tuition': 'Enter a whole number of dollars.' } }, 400));
      if (p === '/courses/c1') return route.fulfill(json(course));
      if (p === '/categories') return route.fulfill(json({ categories: [{ _id: 'k1', course_type: 1, parent_id: null, name: 'Networking', slug: 'networking', description: '', position: 1, version: 1 }] }));
      if (p === '/courses/c1/intakes') return route.fulfill(json({ intakes: [{ _id: 'i1', course_id: 'c1', start_date: '2027-01-11', end_date: '2027-12-17', schedule: 'Mon–Fri 9–3', delivery_mode: 1, seats: 24, version: 1 }] }));
      if (p === '/changes') return route.fulfill(json({ changes: [{ _id: 'h1', kind: 'course', item_id: 'c1', action: 'update', at: '2026-11-20T10:00:00Z', by: { _id: 'u1', name: 'Admin' }, fields: { 'fees.domestic_tuition': [14900, 15900], slug: ['network-specialist', 'network-specialist-diploma'] } }] }));
      if (p === '/professors') return route.fulfill(json({ professors: [{ _id: 'p1', name: 'Priya Raman', title: 'Lead Instructor, Networking', credentials: ['CCNP'], bio: 'x', course_ids: ['c1'], position: 1, sample: true, photo: null, version: 1 }] }));
      return route.fulfill(json({ message: 'nope' }, 404));
    });
    await openSignedIn(page, server, '/crm/catalogue/courses/c1');
    await page.getByRole('heading', { name: 'Change history' }).waitFor();
    fs.mkdirSync('/tmp/shots', { recursive: true });
    console.log(describeViolations(await axeViolations(page)));
    await page.screenshot({ path: `/tmp/shots/scratch-editor-${width}.png`, fullPage: true });
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.locator('.crm-error-summary').waitFor();
    console.log(describeViolations(await axeViolations(page)));
    await page.screenshot({ path: `/tmp/shots/scratch-errors-${width}.png`, fullPage: false });
    await page.goto(server.url + '/crm/catalogue/courses');
    await page.getByRole('table').waitFor();
    console.log(describeViolations(await axeViolations(page)));
    await page.screenshot({ path: `/tmp/shots/scratch-list-${width}.png`, fullPage: true });
    await page.goto(server.url + '/crm/catalogue/professors');
    await page.getByRole('heading', { name: 'Priya Raman' }).waitFor();
    console.log(describeViolations(await axeViolations(page)));
    await page.screenshot({ path: `/tmp/shots/scratch-prof-${width}.png`, fullPage: true });
    await browser.close();
    await server.close();
  }, 120000);
});
