/**
 * Who may edit the catalogue: admins, and staff an admin made editors (`catalogue_editor`). Read from
 * the own account (GET /users/account) when the signed-in area opens and again when the tab regains
 * focus, so a permission granted or revoked meanwhile shows without signing in again. The server
 * refuses everyone else with 403 whatever this says.
 */
import { create } from 'zustand';
import type { StaffMember } from '../../../src/crm-contract';
import { fetchAccount } from '../shared/work-api';

export type CatalogueAccess = 'checking' | 'allowed' | 'denied';

export const mayEditCatalogue = (member: Pick<StaffMember, 'role' | 'catalogue_editor'>): boolean =>
  member.role === 'admin' || member.catalogue_editor;

interface AccessState {
  access: CatalogueAccess;
  /** The own account as last read: its role and grants drive the other permissions (site/crm/stores/permissions.ts). */
  account: StaffMember | null;
  refresh(): Promise<void>;
}

export const useCatalogueAccess = create<AccessState>()((set) => ({
  access: 'checking',
  account: null,
  async refresh() {
    try {
      const { user } = await fetchAccount();
      set({ access: mayEditCatalogue(user) ? 'allowed' : 'denied', account: user });
    } catch {
      // Unknown: hide the section rather than show screens the server will refuse.
      set({ access: 'denied', account: null });
    }
  },
}));
