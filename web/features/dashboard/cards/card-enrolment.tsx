import { enrolCardRequest } from '@core/api/cards';
import { Alert, Button, Group, Paper, Select, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useEnrolCard } from '../../../api/cards';
import { useUserList } from '../../../api/dashboard';
import { showServerErrors } from '../../../ui/forms/server-errors';
import { useSchemaForm } from '../../../ui/forms/use-schema-form';
import { toast } from '../../../ui/toast';

interface EnrolForm {
  userId: string;
  number: string;
  label: string;
}

/** Enrol a card or fob: the holder, the number typed or scanned with a USB reader, a label. */
export function CardEnrolment({ propertyId }: { propertyId: string }) {
  const [search, setSearch] = useState('');
  const people = useUserList({ property: propertyId, search, page: 1, limit: 30 }, true);
  const form = useSchemaForm<EnrolForm>(enrolCardRequest, { initialValues: { userId: '', number: '', label: '' } });
  const enrol = useEnrolCard();
  const [failure, setFailure] = useState<string | null>(null);
  const holders = (people.data?.users ?? []).filter((user) => user.role !== 'superadmin');

  const submit = form.onSubmit((values) => {
    setFailure(null);
    enrol.mutate(values, {
      onSuccess: (answer) => {
        toast(`${answer.message}: ${answer.card.firstName} ${answer.card.lastName}, ${answer.card.hint}`, 'success');
        form.setValues({ ...values, number: '', label: '' });
        form.resetTouched();
      },
      onError: (error) => setFailure(showServerErrors(form, error, 'The card could not be enrolled.')),
    });
  });

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="enrol-card-title">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={2} fz="h4" id="enrol-card-title">
            Enrol a card
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Select
              label="Holder"
              placeholder="Search residents and managers"
              data={holders.map((user) => ({
                value: user._id,
                label: `${user.firstName} ${user.lastName} (${user.email})`,
              }))}
              searchable
              searchValue={search}
              onSearchChange={setSearch}
              nothingFoundMessage="No one found at this property"
              required
              {...form.getInputProps('userId')}
              value={form.values.userId || null}
              onChange={(userId) => form.setFieldValue('userId', userId ?? '')}
            />
            <TextInput
              label="Card number"
              description="Type it as printed (123:45678) or scan it with a USB card reader"
              required
              autoComplete="off"
              {...form.getInputProps('number')}
            />
            <TextInput label="Label" placeholder="blue fob" {...form.getInputProps('label')} />
          </SimpleGrid>
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={enrol.isPending}>
              Enrol card
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
