import { ACCESS_GROUP_MESSAGES, type AccessGroupDto } from '@core/api/access-groups';
import { PROPERTY_MESSAGES } from '@core/api/property-messages';
import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useDeleteGroup, usePropertyGroups } from '../../../api/access-groups';
import { useUserList } from '../../../api/dashboard';
import { useDevicesByProperty } from '../../../api/devices';
import { useAllProperties } from '../../../api/properties';
import { useClaims } from '../../../auth/session';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { QueryError, QueryState } from '../../../ui/query-state';
import { toast } from '../../../ui/toast';
import { PropertyFilter } from '../shared/property-filter';
import { type Choice, GroupEditorDialog } from './group-editor-dialog';
import { WeekGlance } from './week-glance';

/** Access groups of one property: who opens which gates when; a resident in none opens nothing. */
export function AccessGroupsPanel() {
  const claims = useClaims();
  const isSuper = claims.role === 'superadmin';
  const all = useAllProperties(isSuper);
  const [chosen, setChosen] = useState('');
  const propertyId = isSuper ? chosen : (claims.PID ?? '');
  const groups = usePropertyGroups(propertyId);
  const devices = useDevicesByProperty(propertyId || undefined);
  const people = useUserList({ property: propertyId, role: 'resident', page: 1, limit: 100 }, Boolean(propertyId));
  const remove = useDeleteGroup();
  const [editing, setEditing] = useState<AccessGroupDto | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AccessGroupDto | null>(null);

  const gates: Choice[] = (devices.data ?? [])
    .flatMap((property) => property.devices)
    .map((device) => ({ value: device._id, label: device.deviceName }));
  const residents: Choice[] = (people.data?.users ?? []).map((user) => ({
    value: user._id,
    label: `${user.firstName} ${user.lastName} (${user.email})`,
  }));
  const gateName = (id: string) => gates.find((gate) => gate.value === id)?.label ?? 'Unknown gate';

  return (
    <Stack gap="md">
      {isSuper && (
        <>
          <QueryError query={all} title={PROPERTY_MESSAGES.listFailed} />
          <PropertyFilter properties={all.data ?? []} value={chosen} onChange={setChosen} />
        </>
      )}
      {!propertyId && <Text c="dimmed">Choose a property to see its access groups.</Text>}
      {propertyId && (
        <>
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              Residents open a gate only when one of their groups includes it, within its hours. Managers open every
              gate.
            </Text>
            <Button onClick={() => setEditing('new')}>New group</Button>
          </Group>
          <QueryState
            query={groups}
            errorTitle={ACCESS_GROUP_MESSAGES.listFailed}
            empty={groups.data?.length === 0}
            emptyText="No access groups: residents open no gate. Create a group to give them access."
          >
            <SimpleGrid cols={{ base: 1, md: 2 }}>
              {(groups.data ?? []).map((group) => (
                <Card key={group._id} withBorder radius="md" padding="md" component="article" aria-label={group.name}>
                  <Stack gap="xs">
                    <Title order={2} fz="h4">
                      {group.name}
                    </Title>
                    <Text size="sm">
                      Gates: {group.gateIds.length ? group.gateIds.map(gateName).join(', ') : 'none'}
                      {group.followsAllGates && ' (every gate, new ones included)'}
                    </Text>
                    <Text size="sm">
                      {group.memberCount} {group.memberCount === 1 ? 'member' : 'members'}
                      {group.allResidents && ' (every resident, new ones included)'}
                    </Text>
                    <WeekGlance schedule={group.schedule} label={`Hours of ${group.name}`} />
                    <Group gap="xs" justify="flex-end">
                      <Button
                        size="compact-sm"
                        variant="light"
                        onClick={() => setEditing(group)}
                        aria-label={`Edit ${group.name}`}
                      >
                        Edit
                      </Button>
                      <Button
                        size="compact-sm"
                        variant="light"
                        color="red"
                        onClick={() => setDeleting(group)}
                        aria-label={`Delete ${group.name}`}
                      >
                        Delete
                      </Button>
                    </Group>
                  </Stack>
                </Card>
              ))}
            </SimpleGrid>
          </QueryState>
        </>
      )}
      {editing && (
        <GroupEditorDialog
          propertyId={propertyId}
          group={editing === 'new' ? null : editing}
          groups={groups.data ?? []}
          gates={gates}
          residents={residents}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        opened={Boolean(deleting)}
        title="Delete access group"
        confirmLabel="Delete"
        danger
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting._id, {
            onSuccess: () => {
              toast(`${ACCESS_GROUP_MESSAGES.deleted}: ${deleting.name}`, 'success');
              setDeleting(null);
            },
          })
        }
      >
        <Text>
          Delete {deleting?.name}? Its members keep only their other groups; a resident in no group opens no gate.
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}
