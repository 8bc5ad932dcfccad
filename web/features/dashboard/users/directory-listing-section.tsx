import type { ManagedUser } from '@core/api/dashboard';
import { Alert, Input, Switch, Text } from '@mantine/core';
import { messageOr } from '../../../api/client';
import { useManagedListing, useSetHiddenByManager } from '../../../api/intercom';

/**
 * A manager hides a resident from the gate's intercom directory, or lists them again (issue 43).
 * A resident who hid themselves stays hidden whatever the manager does: only they list themselves.
 */
export function DirectoryListingSection({ user }: { user: ManagedUser }) {
  const listing = useManagedListing(user._id);
  const save = useSetHiddenByManager(user._id);
  if (!listing.data) return null;
  const { hiddenByManager, listed, displayName } = listing.data;
  return (
    <Input.Wrapper label="Gate directory">
      <Switch
        mt={4}
        label="Hidden from the gate directory"
        checked={hiddenByManager}
        disabled={save.isPending}
        onChange={(event) => save.mutate(event.currentTarget.checked)}
      />
      <Text size="sm" mt={4}>
        {hiddenByManager || !listed
          ? 'Visitors at the gate cannot find them.'
          : `Listed at the gate as "${displayName}".`}
      </Text>
      {save.error && (
        <Alert color="red" mt="xs" role="alert">
          {messageOr(save.error, 'The change could not be saved.')}
        </Alert>
      )}
    </Input.Wrapper>
  );
}
