/**
 * Catalogue editing in the CRM as documented (src/crm-catalogue-contract.ts): courses and
 * programs, categories, intakes, announcements, banner offers, professors and their photos, search
 * synonyms, the change log. Admins and catalogue editors only; a stale save or removal answers 409 with the item
 * as it is now.
 */
import {
  announcementInputSchema, announcementSaveSchema, bannerOfferInputSchema, bannerOfferSaveSchema, categoryInputSchema,
  categorySaveSchema, changesQuerySchema, courseInputSchema, courseListQuerySchema, courseSaveSchema, intakeInputSchema,
  intakeSaveSchema, professorInputSchema, professorSaveSchema, versionQuerySchema,
} from '../catalogue-edit/schemas';
import { EXTENSIONS } from '../catalogue-edit/image-check';
import { searchSynonymInputSchema, searchSynonymSaveSchema } from '../catalogue-edit/search-synonyms';
import { PHOTO_LIMIT_BYTES } from '../routes/professor-photos';
import {
  catalogueAnnouncementAnswer, catalogueAnnouncementListAnswer, catalogueBannerOfferAnswer, catalogueBannerOfferListAnswer,
  catalogueCategoryAnswer, catalogueCategoryListAnswer, catalogueChangeListAnswer, catalogueConflicts, catalogueCourseAnswer,
  catalogueCourseListAnswer, catalogueSearchSynonymAnswer, catalogueSearchSynonymListAnswer, catalogueIntakeAnswer, catalogueIntakeListAnswer, catalogueProfessorAnswer, catalogueProfessorListAnswer,
} from './answers-catalogue';
import { created, editorCall, noContent, type ApiOperation } from './registry';

const at = (path: string) => `/crm/catalogue${path}`;
const removal = { query: versionQuerySchema, ok: noContent, errors: [404] };

/** A full save of a vocational full-time program, as the CRM's course form sends it. */
export const courseSaveExample = {
  version: 1,
  course_name: 'Network and Systems Administrator Diploma',
  slug: 'network-systems-administrator-diploma',
  course_type: 1,
  vocational: true,
  category_id: null,
  sub_category_id: null,
  summary: 'Run the servers, directories and backups that a modern office depends on.',
  description: 'This diploma focuses on the systems side of IT infrastructure: Windows and Linux servers, identity, storage and virtualisation.',
  outline: ['Windows Server installation, roles and Group Policy', 'Linux server administration and shell scripting'],
  duration: 48,
  duration_unit: 2,
  delivery_mode: 1,
  status: 1,
  certification: 'Microsoft Azure Administrator (AZ-104), CompTIA Server+',
  fees: { domestic_tuition: 15_950, international_tuition: 21_400, books_materials: 850, exam_vouchers: 600, payment_plan: 'Pay in 4 instalments.' },
  admission: {
    domestic: ['Ontario Secondary School Diploma or equivalent'],
    international: ['Secondary school diploma, with transcripts evaluated'],
    english_tests: [{ test: 'IELTS Academic', score: '6.0 overall, no band below 5.5' }],
    mature_student: 'Applicants 18 or older without a diploma may take an admission test.',
  },
  outcomes: { job_titles: ['Systems Administrator', 'Infrastructure Technician'], work_placement: '8-week industry placement' },
  kpi: {
    reporting_year: '2023–2024', graduation_rate: 82, employment_rate: 78, employment_in_field: 71, graduate_satisfaction: 88, employer_satisfaction: 90,
  },
};

export const catalogueOperations: ApiOperation[] = [
  editorCall('get', at('/courses'), 'Courses and programs to edit: searched, filtered, paged', { query: courseListQuerySchema, ok: catalogueCourseListAnswer }),
  editorCall('get', at('/courses/{id}'), 'One course with everything an editor sets', { ok: catalogueCourseAnswer, errors: [404] }),
  editorCall('post', at('/courses'), 'Add a course or program', { body: courseInputSchema, ok: created(catalogueCourseAnswer) }),
  editorCall('put', at('/courses/{id}'), 'Save a course, naming the version read (a new slug leaves a redirect behind)', {
    body: courseSaveSchema, ok: catalogueCourseAnswer, errors: [404], otherAnswers: { 409: catalogueConflicts.course }, example: courseSaveExample,
  }),
  editorCall('get', at('/categories'), 'Every category and sub-category', { ok: catalogueCategoryListAnswer }),
  editorCall('post', at('/categories'), 'Add a category or sub-category', { body: categoryInputSchema, ok: created(catalogueCategoryAnswer) }),
  editorCall('put', at('/categories/{id}'), 'Save a category, naming the version read', {
    body: categorySaveSchema, ok: catalogueCategoryAnswer, errors: [404], otherAnswers: { 409: catalogueConflicts.category },
  }),
  editorCall('get', at('/courses/{id}/intakes'), 'A course\'s intakes', { ok: catalogueIntakeListAnswer, errors: [404] }),
  editorCall('post', at('/courses/{id}/intakes'), 'Add an intake to a course', { body: intakeInputSchema, ok: created(catalogueIntakeAnswer), errors: [404] }),
  editorCall('put', at('/intakes/{id}'), 'Save an intake, naming the version read', {
    body: intakeSaveSchema, ok: catalogueIntakeAnswer, errors: [404], otherAnswers: { 409: catalogueConflicts.intake },
  }),
  editorCall('delete', at('/intakes/{id}'), 'Remove an intake (?version=N: the version read)', { ...removal, otherAnswers: { 409: catalogueConflicts.intake } }),
  editorCall('get', at('/announcements'), 'Every announcement, newest first', { ok: catalogueAnnouncementListAnswer }),
  editorCall('post', at('/announcements'), 'Publish an announcement', { body: announcementInputSchema, ok: created(catalogueAnnouncementAnswer) }),
  editorCall('put', at('/announcements/{id}'), 'Save an announcement, naming the version read', {
    body: announcementSaveSchema, ok: catalogueAnnouncementAnswer, errors: [404], otherAnswers: { 409: catalogueConflicts.announcement },
  }),
  editorCall('delete', at('/announcements/{id}'), 'Remove an announcement (?version=N)', { ...removal, otherAnswers: { 409: catalogueConflicts.announcement } }),
  editorCall('get', at('/banner-offers'), 'The home page banner\'s offers, in order', { ok: catalogueBannerOfferListAnswer }),
  editorCall('post', at('/banner-offers'), 'Add a banner offer for a course', { body: bannerOfferInputSchema, ok: created(catalogueBannerOfferAnswer) }),
  editorCall('put', at('/banner-offers/{id}'), 'Save a banner offer, naming the version read', {
    body: bannerOfferSaveSchema, ok: catalogueBannerOfferAnswer, errors: [404], otherAnswers: { 409: catalogueConflicts.bannerOffer },
  }),
  editorCall('delete', at('/banner-offers/{id}'), 'Remove a banner offer (?version=N)', { ...removal, otherAnswers: { 409: catalogueConflicts.bannerOffer } }),
  editorCall('get', at('/professors'), 'Every professor, in display order', { ok: catalogueProfessorListAnswer }),
  editorCall('post', at('/professors'), 'Add a professor', { body: professorInputSchema, ok: created(catalogueProfessorAnswer) }),
  editorCall('put', at('/professors/{id}'), 'Save a professor, naming the version read', {
    body: professorSaveSchema, ok: catalogueProfessorAnswer, errors: [404], otherAnswers: { 409: catalogueConflicts.professor },
  }),
  editorCall('delete', at('/professors/{id}'), 'Remove a professor (?version=N)', { ...removal, otherAnswers: { 409: catalogueConflicts.professor } }),
  editorCall('put', at('/professors/{id}/photo'), `Upload a professor's photo: the raw picture as the body, at most ${PHOTO_LIMIT_BYTES / 2 ** 20} MB`, {
    rawBody: {
      mediaTypes: Object.keys(EXTENSIONS),
      description: 'The picture\'s bytes. Its type is read from the bytes, whatever Content-Type says: PNG, JPEG or WebP (else 415).',
    },
    ok: catalogueProfessorAnswer, errors: [404],
  }),
  editorCall('delete', at('/professors/{id}/photo'), 'Remove a professor\'s photo', { ok: catalogueProfessorAnswer, errors: [404] }),
  editorCall('get', at('/search-synonyms'), 'The search synonyms: what students type, and what the catalogue calls it', { ok: catalogueSearchSynonymListAnswer }),
  editorCall('post', at('/search-synonyms'), 'Add a search synonym', { body: searchSynonymInputSchema, ok: created(catalogueSearchSynonymAnswer) }),
  editorCall('put', at('/search-synonyms/{id}'), 'Save a search synonym, naming the version read', {
    body: searchSynonymSaveSchema, ok: catalogueSearchSynonymAnswer, errors: [404], otherAnswers: { 409: catalogueConflicts.searchSynonym },
  }),
  editorCall('delete', at('/search-synonyms/{id}'), 'Remove a search synonym (?version=N)', { ...removal, otherAnswers: { 409: catalogueConflicts.searchSynonym } }),
  editorCall('get', at('/changes'), 'The change log: who changed what and when, for a kind of item or one item', {
    query: changesQuerySchema, ok: catalogueChangeListAnswer,
  }),
];
