import { VISITOR_MESSAGES } from '@core/visitor-form/visitor-messages';
import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useVisitorsQr } from '../../api/visitors';
import { QueryState } from '../../ui/query-state';
import { PastVisitors } from './past-visitors';
import { QrCodeSection } from './qr-code-section';

// Below the fold, with its QR drawing: loaded after the visitors are on screen.
const DeliveryPasses = lazy(async () => ({
  default: (await import('../../ui/delivery-passes/delivery-passes')).DeliveryPasses,
}));

/** Visitor List (resident): one card per visitor email, one section per QR code. */
export function VisitorListPage() {
  const query = useVisitorsQr();
  return (
    <Stack>
      <Title order={1} size="h2">
        Visitor List
      </Title>
      <QueryState
        query={query}
        errorTitle={VISITOR_MESSAGES.fetchFailed}
        empty={query.data?.visitors.length === 0}
        emptyText={VISITOR_MESSAGES.noVisitors}
      />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {query.data?.visitors.map((visitor) => (
          <Card key={visitor._id} withBorder shadow="xs" data-testid="visitor-card">
            <Stack gap="sm">
              <div>
                <Text fw={700}>{visitor.email}</Text>
                <Text size="sm" c="dimmed">
                  {visitor.firstName} {visitor.lastName}
                </Text>
              </div>
              {visitor.qrCodes.map((code) => (
                <QrCodeSection key={code._id} visitorId={visitor._id} code={code} />
              ))}
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
      <PastVisitors />
      <Suspense fallback={null}>
        <DeliveryPasses />
      </Suspense>
    </Stack>
  );
}
