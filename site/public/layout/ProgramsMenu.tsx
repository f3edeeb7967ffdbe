/**
 * The Program & Courses panel, filled from the names-website calls: Full Time → Vocational
 * (categories and courses) and Non Vocational (courses); Part Time → categories with their
 * sub-categories and courses. Every heading is a link to its listing page. A course list shows at
 * most MENU_COURSES_PER_LIST courses and then "View all", linking to the listing that has them all.
 */
import { Link } from 'wouter';
import type { CourseName, NamedSlug } from '../../../src/contract';
import { MENU_COURSES_PER_LIST } from '../../../src/public-limits';
import type { Menus } from './menuStore';

interface LinkListProps {
  items: { href: string; text: string }[];
  label: string;
  /** Where all of a capped list's courses are; categories (not capped) leave it out. */
  allHref?: string;
}

function LinkList({ items, label, allHref }: LinkListProps) {
  if (items.length === 0) return null;
  const capped = allHref !== undefined && items.length > MENU_COURSES_PER_LIST;
  return (
    <ul className="menu-list" aria-label={label}>
      {(capped ? items.slice(0, MENU_COURSES_PER_LIST) : items).map((item) => (
        <li key={item.href}>
          <Link href={item.href}>{item.text}</Link>
        </li>
      ))}
      {capped && (
        <li>
          <Link href={allHref}>
            View all<span className="visually-hidden"> {label}</span>
          </Link>
        </li>
      )}
    </ul>
  );
}

const courses = (list: CourseName[] | undefined, prefix: string) =>
  (list ?? []).map((c) => ({ href: `${prefix}/${c.slug}`, text: c.course_name }));
const named = (list: NamedSlug[] | undefined, prefix: string) => (list ?? []).map((n) => ({ href: `${prefix}/${n.slug}`, text: n.name }));

export function ProgramsMenu({ menus }: { menus: Menus }) {
  const { fullTime, partTime } = menus;
  return (
    <div className="mega">
      <div className="mega-col">
        <Link href="/full-time-courses" className="mega-title">
          Full Time
        </Link>
        <Link href="/full-time-courses" className="mega-subtitle">
          Vocational
        </Link>
        <LinkList label="Vocational categories" items={named(fullTime.course_categories, '/full-time-courses')} />
        <LinkList label="Vocational programs" items={courses(fullTime.vocational_courses, '/full-time')} allHref="/full-time-courses" />
        <Link href="/full-time-courses-non-vocational" className="mega-subtitle">
          Non Vocational
        </Link>
        <LinkList
          label="Non vocational programs"
          items={courses(fullTime.non_vocational_courses, '/full-time-courses-non-vocational')}
          allHref="/full-time-courses-non-vocational"
        />
      </div>
      <div className="mega-col mega-col-wide">
        <Link href="/part-time-courses" className="mega-title">
          Part Time
        </Link>
        <div className="mega-grid">
          {(partTime.course_categories ?? []).map((group) => {
            const base = `/part-time-courses/${group.category.slug}`;
            return (
              <div key={group.category.slug} className="mega-group">
                <Link href={base} className="mega-subtitle">
                  {group.category.name}
                </Link>
                <LinkList label={`${group.category.name} sub-categories`} items={named(group.sub_categories, base)} />
                <LinkList label={`${group.category.name} courses`} items={courses(group.courses, '/course')} allHref={base} />
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
