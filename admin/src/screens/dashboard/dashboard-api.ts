// GET /api/dashboard (api/routes/dashboard.ts): the owner's figures.
import type { DashboardJson } from '../../../../contracts/dashboard';
import { MESSAGES } from '../../../../rules/messages';
import { api } from '../../api/client';

export type { DashboardJson };

export function loadDashboard(): Promise<DashboardJson> {
  return api.get('/dashboard', MESSAGES.dashboardLoadFailed);
}
