/** Every documented API operation (see registry.ts for how to add one). */
import { publicOperations } from './operations-public';
import { staffOperations } from './operations-staff';
import { catalogueOperations } from './operations-catalogue';
import { auditOperations } from './operations-audit';
import type { ApiOperation } from './registry';

export const apiOperations: readonly ApiOperation[] = [...publicOperations, ...staffOperations, ...catalogueOperations, ...auditOperations];
