import type { Role } from '@core/roles';

export type DashboardType = 'resident' | 'visitor' | 'property' | 'device' | 'card' | 'delivery' | 'access-group';

export interface DashboardTab {
  type: DashboardType;
  label: string;
}

/** The tabs of each role: superadmin picks Users, Visitors, Properties or Devices (docs/SPEC.md §2), and Cards. */
export function dashboardTabsFor(role: Role): DashboardTab[] {
  if (role === 'superadmin') {
    return [
      { type: 'resident', label: 'Users' },
      { type: 'visitor', label: 'Visitors' },
      { type: 'property', label: 'Properties' },
      { type: 'device', label: 'Devices' },
      { type: 'card', label: 'Cards' },
      { type: 'access-group', label: 'Access groups' },
    ];
  }
  return [
    { type: 'resident', label: 'Residents' },
    { type: 'visitor', label: 'Visitors' },
    { type: 'device', label: 'Devices' },
    { type: 'card', label: 'Cards' },
    { type: 'access-group', label: 'Access groups' },
    // A property manager's own property's delivery passes; residents keep theirs in Visitor List.
    { type: 'delivery', label: 'Delivery passes' },
  ];
}

/** The tab named by ?type=, or the first one. */
export function chosenTab(tabs: DashboardTab[], type: string | null): DashboardType {
  return tabs.find((tab) => tab.type === type)?.type ?? tabs[0].type;
}
