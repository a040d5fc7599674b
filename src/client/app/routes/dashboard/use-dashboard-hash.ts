import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';

export const DASHBOARD_TABS = ['campaigns', 'templates', 'calendar'] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number];

const isTab = (v: string): v is DashboardTab => (DASHBOARD_TABS as readonly string[]).includes(v);

/**
 * The dashboard keeps its tab in the URL hash ('#calendar'); a query after it
 * ('#campaigns?refresh=true&org=1&t=...') carries one-off instructions.
 */
export function useDashboardHash() {
  const { hash } = useLocation();
  const navigate = useNavigate();
  const raw = hash.replace(/^#/, '');
  const [tabPart, query = ''] = raw.split('?');
  const tab: DashboardTab = isTab(tabPart) ? tabPart : 'campaigns';

  const setTab = useCallback((next: DashboardTab) => navigate({ hash: next }, { replace: true }), [navigate]);

  return { raw, tab, params: new URLSearchParams(query), setTab };
}
