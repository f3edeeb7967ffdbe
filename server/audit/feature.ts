/**
 * The audit log's routes (admins only: a filtered page, and the same as CSV). They are not a
 * feature of their own: the staff feature registers them after its accounts' (server/staff/feature.ts),
 * the place they have always had in the API description.
 */
export { registerAuditRoutes } from './audit-routes';
