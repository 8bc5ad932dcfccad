import type { PastVisitor } from '@core/api/visitors';
import { VISITOR_MESSAGES } from '@core/visitor-form/visitor-messages';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { usePastVisitors } from '../../api/visitors';
import { type InvitedVisitor, inviteState } from '../../widgets/invite-again/invite-again';

const endedOn = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });

/** Visitors whose every pass has ended, each with "Invite again" (Register Visitor, filled in). */
export function PastVisitors() {
  const query = usePastVisitors();
  const navigate = useNavigate();
  const visitors = query.data?.visitors ?? [];
  if (!visitors.length) return null;
  const invite = (visitor: PastVisitor) => {
    const invited: InvitedVisitor = {
      firstName: visitor.firstName,
      lastName: visitor.lastName,
      email: visitor.email,
      propertyId: visitor.propertyId,
    };
    navigate('/', { state: inviteState(invited) });
  };
  return (
    <Stack gap="xs" component="section" aria-labelledby="past-visitors-title">
      <Title order={2} size="h3" id="past-visitors-title">
        {VISITOR_MESSAGES.pastVisitors}
      </Title>
      <Text size="sm" c="dimmed">
        {VISITOR_MESSAGES.pastVisitorsHelp}
      </Text>
      {visitors.map((visitor) => (
        <Card key={visitor._id} withBorder padding="sm" data-testid="past-visitor">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <div>
              <Text fw={600}>
                {visitor.firstName} {visitor.lastName}
              </Text>
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {visitor.email}
              </Text>
              <Text size="xs" c="dimmed">
                {VISITOR_MESSAGES.lastPassEnded(endedOn(visitor.lastEndedAt))}
              </Text>
            </div>
            <Button
              variant="light"
              onClick={() => invite(visitor)}
              aria-label={`${VISITOR_MESSAGES.inviteAgain}: ${visitor.firstName} ${visitor.lastName}`}
            >
              {VISITOR_MESSAGES.inviteAgain}
            </Button>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
