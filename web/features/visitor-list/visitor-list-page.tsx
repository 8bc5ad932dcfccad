import type { QrCodeDto } from '@core/api/visitors';
import { VISITOR_MESSAGES } from '@core/visitor-form/visitor-messages';
import { Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useVisitorsQr } from '../../api/visitors';
import { QueryState } from '../../ui/query-state';
import { PastVisitors } from './past-visitors';
import { QrCodeSection } from './qr-code-section';

// With its QR drawing: loaded after the page's first paint.
const DeliveryPasses = lazy(async () => ({
  default: (await import('../../widgets/delivery-passes/delivery-passes')).DeliveryPasses,
}));

/** Valid while any of the visitor's codes has not ended; Expired once every one has. */
function ValidityBadge({ codes }: { codes: QrCodeDto[] }) {
  const now = Date.now();
  const valid = codes.some((code) => code.lifetimeValidity || !code.endDate || new Date(code.endDate).getTime() > now);
  return (
    <Badge color={valid ? 'green' : 'gray'} variant="light" data-testid="visitor-validity">
      {valid ? 'Valid' : 'Expired'}
    </Badge>
  );
}

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
              <Group justify="space-between" align="flex-start" wrap="nowrap">
                <div>
                  <Text fw={700}>{visitor.email}</Text>
                  <Text size="sm" c="dimmed">
                    {visitor.firstName} {visitor.lastName}
                  </Text>
                </div>
                <ValidityBadge codes={visitor.qrCodes} />
              </Group>
              {visitor.qrCodes.map((code) => (
                <QrCodeSection key={code._id} visitorId={visitor._id} code={code} />
              ))}
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
      {/* One delivery-pass form for the page, after the visitors the page is named for (on a phone it filled the first screen). */}
      <Suspense fallback={null}>
        <DeliveryPasses />
      </Suspense>
      <PastVisitors />
    </Stack>
  );
}
