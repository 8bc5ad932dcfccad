import { Stack, Tabs, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useClaims } from '../../auth/session';
import { BackToTop } from './back-to-top';
import { CardsPanel } from './cards-panel';
import { chosenTab, type DashboardType, dashboardTabsFor } from './dashboard-tabs';
import { DevicesPanel } from './devices-panel';
import { PropertiesPanel } from './properties-panel';
import { UsersPanel } from './users-panel';
import { VisitorsPanel } from './visitors-panel';

/** Admin Dashboard (SPEC §2): the management table chosen by type. */
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
  };

  return (
    <Stack gap="md">
      <Title order={2}>Admin Dashboard</Title>
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
            {panels[tab.type]()}
          </Tabs.Panel>
        ))}
      </Tabs>
      <BackToTop />
    </Stack>
  );
}
