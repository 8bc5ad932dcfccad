import { Alert, Button, Group, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { messageOr } from '../../api/client';
import { useDirectoryListing, useSaveDirectoryListing } from '../../api/intercom';

/** Whether a visitor at the gate finds this resident under "Call a resident", and by which name. */
export function GateDirectorySection() {
  const listing = useDirectoryListing();
  const save = useSaveDirectoryListing();
  const [name, setName] = useState('');
  useEffect(() => {
    if (listing.data) setName(listing.data.displayName);
  }, [listing.data]);
  if (!listing.data) return null;
  const { listed, hiddenByManager } = listing.data;
  return (
    <Stack gap="xs">
      <Title order={2} size="h3">
        Gate directory
      </Title>
      <Text size="sm">Visitors at a gate find you by this name and call you. They never see your email or phone.</Text>
      {hiddenByManager ? (
        <Alert color="yellow">Your property manager has hidden you from the gate directory.</Alert>
      ) : (
        <Switch
          label="Listed in the gate directory"
          checked={listed}
          disabled={save.isPending}
          onChange={(event) => save.mutate({ listed: event.currentTarget.checked })}
        />
      )}
      <Group align="flex-end" wrap="wrap">
        <TextInput
          label="Name shown at the gate"
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          maxLength={40}
        />
        <Button
          variant="default"
          loading={save.isPending}
          onClick={() => save.mutate({ listed, displayName: name.trim() })}
          disabled={name.trim() === listing.data.displayName}
        >
          Save name
        </Button>
      </Group>
      {save.isError && (
        <Text size="sm" c="red" role="alert">
          {messageOr(save.error, 'The directory listing could not be saved.')}
        </Text>
      )}
    </Stack>
  );
}
