/** The CRM's calls for catalogue editing (src/crm-catalogue-contract.ts), under /api/crm/catalogue. */
import type { Id } from '../../../src/contract';
import type {
  CatalogueAnnouncement,
  CatalogueAnnouncementInput,
  CatalogueBannerOffer,
  CatalogueBannerOfferInput,
  CatalogueCategory,
  CatalogueCategoryInput,
  CatalogueChange,
  CatalogueCourse,
  CatalogueCourseInput,
  CatalogueCourseList,
  CatalogueIntake,
  CatalogueIntakeInput,
  CatalogueItemKind,
  CatalogueProfessor,
  CatalogueProfessorInput,
  CatalogueSearchSynonym,
  CatalogueSearchSynonymInput,
} from '../../../src/crm-catalogue-contract';
import { useAuth } from '../stores/auth';
import { API_BASE, staffFetch } from '../shared/api';
import { ApiError, messageOf } from '../../../src/api-client';

const BASE = '/crm/catalogue';
const opts = (signal?: AbortSignal) => (signal ? { signal } : {});
const at = (id: Id) => encodeURIComponent(id);
type Versioned<T> = T & { version: number };

export interface CourseListQuery {
  q: string;
  course_type: string;
  status: string;
  page: number;
}

export function courseListQueryString(query: CourseListQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== '' && value !== 1) params.set(key, String(value));
  return params.toString();
}

export const fetchCourses = (query: CourseListQuery, signal?: AbortSignal) =>
  staffFetch<CatalogueCourseList>(`${BASE}/courses?${courseListQueryString(query)}`, opts(signal));

/** Every course, active or not, page by page (pickers for banner offers and professors). */
export async function fetchAllCourses(signal?: AbortSignal): Promise<CatalogueCourseList['courses']> {
  const all: CatalogueCourseList['courses'] = [];
  for (let page = 1; page <= 50; page += 1) {
    const answer = await fetchCourses({ q: '', course_type: '', status: '', page }, signal);
    all.push(...answer.courses);
    if (!answer.courses.length || all.length >= answer.total) break;
  }
  return all.sort((a, b) => a.course_name.localeCompare(b.course_name));
}

export const fetchCourse = (id: Id, signal?: AbortSignal) => staffFetch<CatalogueCourse>(`${BASE}/courses/${at(id)}`, opts(signal));
export const createCourse = (body: CatalogueCourseInput) => staffFetch<CatalogueCourse>(`${BASE}/courses`, { method: 'POST', body });
export const updateCourse = (id: Id, body: Versioned<CatalogueCourseInput>) =>
  staffFetch<CatalogueCourse>(`${BASE}/courses/${at(id)}`, { method: 'PUT', body });

export const fetchCategories = (signal?: AbortSignal) =>
  staffFetch<{ categories: CatalogueCategory[] }>(`${BASE}/categories`, opts(signal));
export const createCategory = (body: CatalogueCategoryInput) =>
  staffFetch<CatalogueCategory>(`${BASE}/categories`, { method: 'POST', body });
export const updateCategory = (id: Id, body: Versioned<CatalogueCategoryInput>) =>
  staffFetch<CatalogueCategory>(`${BASE}/categories/${at(id)}`, { method: 'PUT', body });

export const fetchIntakes = (courseId: Id, signal?: AbortSignal) =>
  staffFetch<{ intakes: CatalogueIntake[] }>(`${BASE}/courses/${at(courseId)}/intakes`, opts(signal));
export const createIntake = (courseId: Id, body: CatalogueIntakeInput) =>
  staffFetch<CatalogueIntake>(`${BASE}/courses/${at(courseId)}/intakes`, { method: 'POST', body });
export const updateIntake = (id: Id, body: Versioned<CatalogueIntakeInput>) =>
  staffFetch<CatalogueIntake>(`${BASE}/intakes/${at(id)}`, { method: 'PUT', body });
export const deleteIntake = (id: Id, version: number) =>
  staffFetch<null>(`${BASE}/intakes/${at(id)}?version=${version}`, { method: 'DELETE' });

/** The three lists edited the same way: list, create, update and delete by version. */
function listApi<Item, Input, Key extends string>(path: string, key: Key) {
  return {
    list: (signal?: AbortSignal) => staffFetch<Record<Key, Item[]>>(`${BASE}/${path}`, opts(signal)).then((answer) => answer[key]),
    create: (body: Input) => staffFetch<Item>(`${BASE}/${path}`, { method: 'POST', body }),
    update: (id: Id, body: Versioned<Input>) => staffFetch<Item>(`${BASE}/${path}/${at(id)}`, { method: 'PUT', body }),
    remove: (id: Id, version: number) => staffFetch<null>(`${BASE}/${path}/${at(id)}?version=${version}`, { method: 'DELETE' }),
  };
}
export type ListApi<Item, Input> = ReturnType<typeof listApi<Item, Input, string>>;

export const announcementsApi = listApi<CatalogueAnnouncement, CatalogueAnnouncementInput, 'announcements'>(
  'announcements',
  'announcements',
);
export const bannerOffersApi = listApi<CatalogueBannerOffer, CatalogueBannerOfferInput, 'offers'>('banner-offers', 'offers');
export const professorsApi = listApi<CatalogueProfessor, CatalogueProfessorInput, 'professors'>('professors', 'professors');
export const searchSynonymsApi = listApi<CatalogueSearchSynonym, CatalogueSearchSynonymInput, 'synonyms'>('search-synonyms', 'synonyms');

export const fetchChanges = (kind: CatalogueItemKind, id: Id, signal?: AbortSignal) =>
  staffFetch<{ changes: CatalogueChange[] }>(`${BASE}/changes?kind=${kind}&id=${at(id)}`, opts(signal));

/** Sends the photo file as the raw request body (its type is checked by the server from its bytes). */
export async function uploadProfessorPhoto(id: Id, file: File): Promise<CatalogueProfessor> {
  const { token } = useAuth.getState();
  const response = await fetch(`${API_BASE}${BASE}/professors/${at(id)}/photo`, {
    method: 'PUT',
    headers: {
      Authorization: `Bearer ${token ?? ''}`,
      'Content-Type': file.type || 'application/octet-stream',
      Accept: 'application/json',
    },
    body: file,
    credentials: 'omit',
  });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) throw new ApiError(messageOf(body) ?? 'The photo could not be uploaded. Please try again.', response.status, body);
  return body as CatalogueProfessor;
}

export const removeProfessorPhoto = (id: Id) => staffFetch<CatalogueProfessor>(`${BASE}/professors/${at(id)}/photo`, { method: 'DELETE' });
