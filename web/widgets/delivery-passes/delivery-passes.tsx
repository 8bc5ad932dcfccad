import { createDeliveryPassRequest, DELIVERY_LIMITS, type DeliveryPassDto } from '@core/api/delivery-passes';
import { readableTime } from '@core/time/readable-time';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useCreateDeliveryPass, useDeliveryPasses } from '../../api/delivery-passes';
import { useProperty } from '../../api/properties';
import { useClaims } from '../../auth/session';
import { showServerErrors } from '../../ui/forms/server-errors';
import { useSchemaForm } from '../../ui/forms/use-schema-form';
import { QueryState } from '../../ui/query-state';
import { toast } from '../../ui/toast';
import { PassGatesField } from '../pass-gates/pass-gates-field';
import { CancelDeliveryPass } from './cancel-delivery-pass';
import { DeliveryPassShare } from './delivery-pass-share';

interface PassForm {
  name: string;
  company: string;
  hours: number;
  uses: number;
  notify: boolean;
}

const STATE_LABELS: Record<DeliveryPassDto['state'], { label: string; color: string }> = {
  valid: { label: 'Valid', color: 'teal' },
  'used-up': { label: 'Used up', color: 'gray' },
  ended: { label: 'Ended', color: 'gray' },
  cancelled: { label: 'Cancelled', color: 'red' },
};

const range = (max: number, unit: string, units: string) =>
  Array.from({ length: max }, (_, i) => ({ value: String(i + 1), label: `${i + 1} ${i === 0 ? unit : units}` }));
const COUNT_SELECTS = [
  { field: 'hours', label: 'Valid for', data: range(DELIVERY_LIMITS.hoursMax, 'hour', 'hours') },
  { field: 'uses', label: 'Uses', data: range(DELIVERY_LIMITS.usesMax, 'use', 'uses') },
] as const;

function DeliveryPassCard({ pass }: { pass: DeliveryPassDto }) {
  // The courier's page reads the end on the property's clock: so does this card, in the same words.
  const zone = useProperty(pass.propertyId).data?.timeZone;
  const who = [pass.name, pass.company].filter(Boolean).join(', ') || 'A delivery';
  const state = STATE_LABELS[pass.state];
  return (
    <Card withBorder data-testid="delivery-pass">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={700}>{who}</Text>
          <Badge color={state.color} variant="light">
            {state.label}
          </Badge>
        </Group>
        <Text size="sm">
          {pass.usesLeft} of {pass.usesAllowed} {pass.usesAllowed === 1 ? 'use' : 'uses'} left
          {zone && <span data-testid="delivery-pass-until"> · until {readableTime(pass.endsAt, zone)}</span>}
        </Text>
        {pass.state === 'valid' && (
          <>
            <Text size="sm">
              Guest PIN{' '}
              <Text span fw={700} ff="monospace" fz="lg">
                {pass.pin}
              </Text>
            </Text>
            {pass.link && <DeliveryPassShare pass={{ ...pass, link: pass.link }} />}
            <CancelDeliveryPass pass={pass} />
          </>
        )}
      </Stack>
    </Card>
  );
}

/** Delivery passes: a QR code and a guest PIN for a courier, for a few hours and uses. */
export function DeliveryPasses() {
  const passes = useDeliveryPasses();
  const create = useCreateDeliveryPass();
  const form = useSchemaForm<PassForm>(createDeliveryPassRequest, {
    initialValues: {
      name: '',
      company: '',
      hours: DELIVERY_LIMITS.hoursDefault,
      uses: DELIVERY_LIMITS.usesDefault,
      notify: false,
    },
  });
  const [failure, setFailure] = useState<string | null>(null);
  // Kept beside the form: none chosen means every gate, which the request says by leaving it out.
  const [gateIds, setGateIds] = useState<string[]>([]);
  const propertyId = useClaims().PID ?? '';

  const submit = form.onSubmit((values) => {
    setFailure(null);
    create.mutate(gateIds.length ? { ...values, gateIds } : values, {
      onSuccess: () => {
        toast('Delivery pass created.', 'success');
        form.reset();
        setGateIds([]);
      },
      onError: (error) => setFailure(showServerErrors(form, error, 'The delivery pass could not be created.')),
    });
  });

  return (
    <Stack component="section" aria-labelledby="delivery-passes-title">
      <Title order={2} size="h3" id="delivery-passes-title">
        Delivery passes
      </Title>
      <Paper withBorder p="md">
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              A 6-digit guest PIN for a courier: it opens the gate from now, for the hours and uses you choose.
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label="Name (optional)" {...form.getInputProps('name')} />
              <TextInput label="Company (optional)" {...form.getInputProps('company')} />
              {COUNT_SELECTS.map(({ field, label, data }) => (
                <Select
                  key={field}
                  label={label}
                  data={data}
                  allowDeselect={false}
                  value={String(form.values[field])}
                  onChange={(value) => form.setFieldValue(field, Number(value))}
                  error={form.errors[field]}
                />
              ))}
            </SimpleGrid>
            <PassGatesField
              propertyId={propertyId}
              value={gateIds}
              onChange={setGateIds}
              error={form.errors.gateIds as string | undefined}
            />
            <Switch label="Tell me each time it is used" {...form.getInputProps('notify', { type: 'checkbox' })} />
            {failure && (
              <Alert color="red" role="alert">
                {failure}
              </Alert>
            )}
            <Group>
              <Button type="submit" loading={create.isPending}>
                Create delivery pass
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      <QueryState
        query={passes}
        errorTitle="Delivery passes could not be loaded."
        empty={passes.data?.passes.length === 0}
        emptyText="No delivery passes yet."
      />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {passes.data?.passes.map((pass) => (
          <DeliveryPassCard key={pass._id} pass={pass} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
