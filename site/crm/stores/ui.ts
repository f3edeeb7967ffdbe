/** The CRM's client state (requirements R-client-state): whether the sidebar is shown, open by default. */
import { create } from 'zustand';

export interface UiState {
  sidebarShow: boolean;
  setSidebarShow(show: boolean): void;
  toggleSidebar(): void;
}

export const useUi = create<UiState>()((set) => ({
  sidebarShow: true,
  setSidebarShow: (sidebarShow) => set({ sidebarShow }),
  toggleSidebar: () => set((state) => ({ sidebarShow: !state.sidebarShow })),
}));
