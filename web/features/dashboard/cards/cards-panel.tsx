import type { CardDto } from '@core/api/cards';
import { rfidOffHint } from '@core/api/cards';
import { PROPERTY_MESSAGES } from '@core/api/property-messages';
import { relativeTime } from '@core/time/relative-time';
import { Alert, Badge, Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { usePropertyCards, useRemoveCard, useUpdateCard } from '../../../api/cards';
import { useAllProperties, useProperty } from '../../../api/properties';
import { useClaims } from '../../../auth/session';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { type ManagerColumn, ManagerTable } from '../../../ui/manager-table';
import { QueryError, QueryState } from '../../../ui/query-state';
import { toast } from '../../../ui/toast';
import { PropertyFilter } from '../shared/property-filter';
import { CardEnrolment } from './card-enrolment';

const holderOf = (card: CardDto) => `${card.firstName} ${card.lastName}`;

/** Cards and fobs of one property: enrol, disable when lost, enable, remove. */
export function CardsPanel() {
  const claims = useClaims();
  const isSuper = claims.role === 'superadmin';
  const all = useAllProperties(isSuper);
  const [chosen, setChosen] = useState('');
  const propertyId = isSuper ? chosen : (claims.PID ?? '');
  const property = useProperty(propertyId || null);
  const list = usePropertyCards(propertyId);
  const update = useUpdateCard();
  const remove = useRemoveCard();
  const [removing, setRemoving] = useState<CardDto | null>(null);
  const rfidOn = property.data?.propertyFeatures.includes('rfid');

  const setEnabled = (card: CardDto, enabled: boolean) =>
    update.mutate(
      { cardId: card._id, enabled },
      {
        onSuccess: () =>
          toast(enabled ? `Card of ${holderOf(card)} enabled` : `Card of ${holderOf(card)} disabled`, 'success'),
      },
    );
  const columns: ManagerColumn<CardDto>[] = [
    { label: 'Holder', cell: holderOf },
    { label: 'Card', cell: (card) => card.hint },
    { label: 'Label', cell: (card) => card.label },
    {
      label: 'Status',
      cell: (card) => (
        <Badge color={card.enabled ? 'teal' : 'red'} variant="light">
          {card.enabled ? 'Active' : 'Disabled'}
        </Badge>
      ),
    },
    {
      label: 'Last used',
      cell: (card) => (card.lastUsedAt ? relativeTime(card.lastUsedAt, new Date()) : 'never'),
    },
  ];

  return (
    <Stack gap="md">
      {isSuper && (
        <>
          <QueryError query={all} title={PROPERTY_MESSAGES.listFailed} />
          <PropertyFilter properties={all.data ?? []} value={chosen} onChange={setChosen} />
        </>
      )}
      {!propertyId && <Text c="dimmed">Choose a property to see its cards.</Text>}
      {propertyId && property.data && !rfidOn && (
        <Alert color="yellow">{rfidOffHint(claims.role, property.data.propertyName)}</Alert>
      )}
      {propertyId && rfidOn && <CardEnrolment propertyId={propertyId} />}
      {propertyId && (
        <QueryState
          query={list}
          errorTitle="Failed to load cards"
          empty={list.data?.cards.length === 0}
          emptyText="No cards enrolled yet."
        >
          <ManagerTable
            label="Cards"
            rows={list.data?.cards ?? []}
            rowKey={(card) => card._id}
            title={holderOf}
            columns={columns}
            minWidth={760}
            actions={(card) => (
              <>
                <Button
                  size="compact-sm"
                  variant="light"
                  color={card.enabled ? 'orange' : 'teal'}
                  onClick={() => setEnabled(card, !card.enabled)}
                  aria-label={`${card.enabled ? 'Disable' : 'Enable'} the card of ${holderOf(card)} (${card.hint})`}
                >
                  {card.enabled ? 'Disable (lost)' : 'Enable'}
                </Button>
                <Button
                  size="compact-sm"
                  variant="light"
                  color="red"
                  onClick={() => setRemoving(card)}
                  aria-label={`Remove the card of ${holderOf(card)} (${card.hint})`}
                >
                  Remove
                </Button>
              </>
            )}
          />
        </QueryState>
      )}
      <ConfirmDialog
        opened={Boolean(removing)}
        title="Remove card"
        confirmLabel="Remove"
        danger
        busy={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() =>
          removing &&
          remove.mutate(removing._id, {
            onSuccess: () => {
              toast(`Card of ${holderOf(removing)} removed`, 'success');
              setRemoving(null);
            },
          })
        }
      >
        <Text>
          Remove the card {removing?.hint} of {removing && holderOf(removing)}? It stops opening the gates at once.
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}
