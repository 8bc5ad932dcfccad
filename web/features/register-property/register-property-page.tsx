import { registerPropertyBody } from '@core/api/properties';
import { PROPERTY_MESSAGES } from '@core/api/property-messages';
import { PROPERTY_FEATURE_LABELS, type PropertyFeature } from '@core/constants';
import { Alert, Button, Checkbox, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useRegisterProperty } from '../../api/properties';
import { showServerErrors } from '../../ui/forms/server-errors';
import { useSchemaForm } from '../../ui/forms/use-schema-form';

const OPTIONAL_FEATURES: PropertyFeature[] = ['securepin', 'rfid'];
const EMPTY = { propertyName: '', propertyLocation: '', propertyFeatures: [] as PropertyFeature[] };

/** Register property (docs/SPEC.md §2): name, location, Secure PIN and RFID; QR is always on. */
export function RegisterPropertyPage() {
  const form = useSchemaForm(registerPropertyBody, { initialValues: EMPTY });
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<string | null>(null);
  const register = useRegisterProperty();

  const submit = form.onSubmit((values) => {
    setCreated(null);
    setError(null);
    register.mutate(values, {
      onSuccess: (property) => {
        setCreated(`${PROPERTY_MESSAGES.registered}: ${property.propertyName}`);
        form.reset();
      },
      onError: (failure) => setError(showServerErrors(form, failure, PROPERTY_MESSAGES.registrationFailed)),
    });
  });

  return (
    <Paper withBorder shadow="sm" radius="md" p={{ base: 'md', sm: 'xl' }} maw={560} mx="auto">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Title order={1} size="h2">
            Register Property
          </Title>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          {created && (
            <Alert color="green" role="status">
              {created}
            </Alert>
          )}
          <TextInput label="Property Name" required {...form.getInputProps('propertyName')} />
          <TextInput label="Property Location" required {...form.getInputProps('propertyLocation')} />
          <Checkbox.Group label="Property Features" {...form.getInputProps('propertyFeatures')}>
            <Group mt="xs">
              {OPTIONAL_FEATURES.map((feature) => (
                <Checkbox key={feature} value={feature} label={PROPERTY_FEATURE_LABELS[feature]} />
              ))}
            </Group>
          </Checkbox.Group>
          <Text size="sm" c="dimmed">
            QR codes for visitors are always enabled.
          </Text>
          <Button type="submit" loading={register.isPending}>
            Register Property
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
