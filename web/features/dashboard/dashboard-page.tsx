import { Loader, Stack, Tabs, Title } from '@mantine/core';
import { lazy, type ReactNode, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { useClaims } from '../../auth/session';
import { BackToTop } from './back-to-top';
import { chosenTab, type DashboardType, dashboardTabsFor } from './dashboard-tabs';
import { UsersPanel } from './users/users-panel';

// The first tab comes with the page; the others load when chosen.
const VisitorsPanel = lazy(async () => ({ default: (await import('./visitors/visitors-panel')).VisitorsPanel }));
const PropertiesPanel = lazy(async () => ({
  default: (await import('./properties/properties-panel')).PropertiesPanel,
}));
const DevicesPanel = lazy(async () => ({ default: (await import('./devices/devices-panel')).DevicesPanel }));
const CardsPanel = lazy(async () => ({ default: (await import('./cards/cards-panel')).CardsPanel }));
const AccessGroupsPanel = lazy(async () => ({
  default: (await import('./access-groups/access-groups-panel')).AccessGroupsPanel,
}));
const DeliveryPasses = lazy(async () => ({
  default: (await import('../../widgets/delivery-passes/delivery-passes')).DeliveryPasses,
}));

/** Admin Dashboard (docs/SPEC.md §2): the management table chosen by type. */
export function DashboardPage() {
  const claims = useClaims();
  const tabs = dashboardTabsFor(claims.role);
  const [params, setParams] = useSearchParams();
  const type = chosenTab(tabs, params.get('type'));
  const panels: Record<DashboardType, () => ReactNode> = {
    resident: () => <UsersPanel />,
    visitor: () => <VisitorsPanel />,
    property: () => <PropertiesPanel />,
    device: () => <DevicesPanel />,
    card: () => <CardsPanel />,
    delivery: () => <DeliveryPasses />,
    'access-group': () => <AccessGroupsPanel />,
  };

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Admin Dashboard
      </Title>
      <Tabs value={type} onChange={(value) => value && setParams({ type: value })} keepMounted={false}>
        <Tabs.List>
          {tabs.map((tab) => (
            <Tabs.Tab key={tab.type} value={tab.type}>
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {tabs.map((tab) => (
          <Tabs.Panel key={tab.type} value={tab.type} pt="md">
            <Suspense fallback={<Loader size="sm" role="status" aria-label="Loading" />}>{panels[tab.type]()}</Suspense>
          </Tabs.Panel>
        ))}
      </Tabs>
      <BackToTop />
    </Stack>
  );
}
