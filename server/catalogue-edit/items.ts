/** The plain catalogue rows the editor manages: intakes of a course, announcements, banner offers. */
import type { CatalogueAnnouncement, CatalogueBannerOffer, CatalogueIntake } from '../../src/crm-catalogue-contract';
import { ItemStore } from './item-store';
import type { AnnouncementInput, BannerOfferInput, IntakeInput } from './schemas';

const conflict = (what: string) =>
  `Someone else saved this ${what} while you were editing it. Their version is shown; reapply your change and save again.`;

export const intakes = new ItemStore<IntakeInput, CatalogueIntake & Record<string, unknown>>({
  kind: 'intake',
  table: 'intakes',
  select: `t.id AS "_id", t.course_id, to_char(t.start_date, 'YYYY-MM-DD') AS start_date, to_char(t.end_date, 'YYYY-MM-DD') AS end_date,
           t.schedule, t.delivery_mode, t.seats, t.version`,
  order: 't.start_date, t.id',
  columns: ['start_date', 'end_date', 'schedule', 'delivery_mode', 'seats'],
  createOnly: ['course_id'],
  notFound: 'There is no intake with this id.',
  conflict: conflict('intake'),
});

export const announcements = new ItemStore<AnnouncementInput, CatalogueAnnouncement & Record<string, unknown>>({
  kind: 'announcement',
  table: 'announcements',
  select: `t.id AS "_id", t.title, t.body, to_char(t.published_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS published_at, t.version`,
  order: 't.published_at DESC, t.id',
  columns: ['title', 'body', 'published_at'],
  notFound: 'There is no announcement with this id.',
  conflict: conflict('announcement'),
});

export const bannerOffers = new ItemStore<BannerOfferInput, CatalogueBannerOffer & Record<string, unknown>>({
  kind: 'banner_offer',
  table: 'banner_offers',
  select: `t.id AS "_id", t.title, t.subtitle, t.course_id, t.cta, t.position, t.version`,
  order: 't.position, t.id',
  columns: ['title', 'subtitle', 'course_id', 'cta', 'position'],
  notFound: 'There is no banner offer with this id.',
  conflict: conflict('banner offer'),
});
