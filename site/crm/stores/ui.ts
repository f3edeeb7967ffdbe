/**
 * The CRM's client state (requirements R-client-state): whether the sidebar is shown, open by default.
 * Issue 31 adds the phone's menu beside it: below tablet width the menu starts closed behind the ☰
 * button (`narrowMenuOpen`, default false) so pages start at the top of the screen, while
 * `sidebarShow` keeps its default (true) and still rules the sidebar at tablet width and above.
 */
import { create } from 'zustand';

export interface UiState {
  sidebarShow: boolean;
  setSidebarShow(show: boolean): void;
  toggleSidebar(): void;
  /** The menu below tablet width (NARROW_VIEWPORT): closed until the ☰ button opens it. */
  narrowMenuOpen: boolean;
  setNarrowMenuOpen(open: boolean): void;
}

export const useUi = create<UiState>()((set) => ({
  sidebarShow: true,
  setSidebarShow: (sidebarShow) => set({ sidebarShow }),
  toggleSidebar: () => set((state) => ({ sidebarShow: !state.sidebarShow })),
  narrowMenuOpen: false,
  setNarrowMenuOpen: (narrowMenuOpen) => set({ narrowMenuOpen }),
}));
