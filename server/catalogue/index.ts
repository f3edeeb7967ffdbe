/**
 * The catalogue feature's public module, checked by scripts/feature-boundaries.mjs. Besides this
 * module and feature.ts (its routes, for server/app.ts), other modules may import the in-memory
 * catalogue (catalogue.ts, used everywhere a course is named), the one read path of public data
 * (public-read.ts: the routes, the fast path, the site's pages) and the answers' names
 * (answer-components.ts, which server/openapi/answers-public.ts calls).
 */
/** Its date rules (the college's day, intake dates): applications, the seed, the site's pages. */
export { addDays, addMonths, nthWeekdayOfMonth, parseIso, todayIso } from './dates';
/** Refreshing every instance's copy after an edit (catalogue editing, server/server.ts). */
export { notifyCatalogueChanged, startLiveRefresh } from './live-refresh';
/** The stored rows, as catalogue editing reads them too. */
export type { CategoryRow, CourseRow } from './load';
/** A JSON answer made once and sent as every catalogue answer is (the OpenAPI document too). */
export { jsonAnswer, sendJsonAnswer, type JsonAnswer } from './json-answer';
