// GET /api/dashboard (api/routes/dashboard.ts): the owner's figures.
import { MESSAGES } from '../../../../rules/messages';
import type { SiteState } from '../../../../rules/trial';
import { api } from '../../api/client';

export interface DashboardJson {
  visitors: {
    days: { day: string; views: number }[];
    total: number;
    thisWeek: number;
    lastWeek: number;
    topPages: { path: string; views: number; name: string | null }[];
  };
  images: { used: number; limit: number };
  trial: { state: SiteState; daysLeft: number; trialEndDate: string; closesAt: string };
  addresses: string[];
  operator: boolean;
}

export function loadDashboard(): Promise<DashboardJson> {
  return api.get<DashboardJson>('/dashboard', MESSAGES.dashboardLoadFailed);
}
