import { PROPERTY_MESSAGES } from '@core/api/properties';
import { PROPERTY_FEATURE_LABELS, type PropertyFeature } from '@core/constants';
import { MESSAGES } from '@core/messages';
import { Alert, Button, Checkbox, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { messageOr } from '../../api/client';
import { useRegisterProperty } from '../../api/properties';

const OPTIONAL_FEATURES: PropertyFeature[] = ['securepin', 'rfid'];
const EMPTY = { propertyName: '', propertyLocation: '', propertyFeatures: [] as PropertyFeature[] };

/** Register property (SPEC §2): name, location, Secure PIN and RFID; QR is always on. */
export function RegisterPropertyPage() {
  const [form, setForm] = useState(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<string | null>(null);
  const register = useRegisterProperty();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setCreated(null);
    if (!form.propertyName.trim() || !form.propertyLocation.trim()) {
      setError(MESSAGES.allFieldsRequired);
      return;
    }
    setError(null);
    register.mutate(form, {
      onSuccess: (property) => {
        setCreated(`${PROPERTY_MESSAGES.registered}: ${property.propertyName}`);
        setForm(EMPTY);
      },
      onError: (failure) => setError(messageOr(failure, PROPERTY_MESSAGES.registrationFailed)),
    });
  };

  return (
    <Paper withBorder shadow="sm" radius="md" p={{ base: 'md', sm: 'xl' }} maw={560} mx="auto">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Title order={2}>Register Property</Title>
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
          <TextInput
            label="Property Name"
            required
            value={form.propertyName}
            onChange={(e) => setForm({ ...form, propertyName: e.currentTarget.value })}
          />
          <TextInput
            label="Property Location"
            required
            value={form.propertyLocation}
            onChange={(e) => setForm({ ...form, propertyLocation: e.currentTarget.value })}
          />
          <Checkbox.Group
            label="Property Features"
            value={form.propertyFeatures}
            onChange={(values) => setForm({ ...form, propertyFeatures: values as PropertyFeature[] })}
          >
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
