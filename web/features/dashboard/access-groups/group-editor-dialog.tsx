import { ACCESS_GROUP_MESSAGES, type AccessGroupDto, accessGroupBody } from '@core/api/access-groups';
import { ApiError } from '@core/api/api-error';
import { type AccessSchedule, ALWAYS } from '@core/rules/schedule';
import { Checkbox, MultiSelect, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useSaveGroup } from '../../../api/access-groups';
import { FormDialog } from '../../../ui/form-dialog';
import { toast } from '../../../ui/toast';
import { ScheduleFields } from './schedule-fields';

export interface Choice {
  value: string;
  label: string;
}

/** New or edit: name, gates, members and schedule; every refusal on its field. */
export function GroupEditorDialog({
  propertyId,
  group,
  gates,
  residents,
  onClose,
}: {
  propertyId: string;
  /** Null: a new group. */
  group: AccessGroupDto | null;
  gates: Choice[];
  residents: Choice[];
  onClose: () => void;
}) {
  const [name, setName] = useState(group?.name ?? '');
  const [gateIds, setGateIds] = useState<string[]>(group?.gateIds ?? []);
  const [memberIds, setMemberIds] = useState<string[]>(group?.memberIds ?? []);
  const [schedule, setSchedule] = useState<AccessSchedule>(group?.schedule ?? ALWAYS);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const save = useSaveGroup();

  // Only the first members are listed (memberCount says how many): saving would drop the rest.
  const membersCut = group !== null && group.memberCount > group.memberIds.length;

  const submit = (event?: React.FormEvent<HTMLFormElement>) => {
    event?.preventDefault();
    setFailure(null);
    if (membersCut) {
      setFailure(ACCESS_GROUP_MESSAGES.tooManyMembersToEdit(group.memberCount));
      return;
    }
    const body = { name, gateIds, memberIds, schedule };
    const parsed = accessGroupBody.safeParse(body);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message])));
      setFailure(ACCESS_GROUP_MESSAGES.invalid);
      return;
    }
    setErrors({});
    save.mutate(
      { propertyId, groupId: group?._id, body },
      {
        onSuccess: (answer) => {
          toast(`${answer.message}: ${answer.group.name}`, 'success');
          onClose();
        },
        onError: (error) => {
          const fieldErrors = error instanceof ApiError ? (error.details.fieldErrors ?? {}) : {};
          setErrors(fieldErrors);
          setFailure(
            error instanceof ApiError && error.serverMessage ? error.serverMessage : ACCESS_GROUP_MESSAGES.saveFailed,
          );
        },
      },
    );
  };

  return (
    <FormDialog
      title={group ? `Edit ${group.name}` : 'New access group'}
      busy={save.isPending}
      failure={failure}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextInput
        label="Name"
        required
        value={name}
        error={errors.name}
        onChange={(e) => setName(e.currentTarget.value)}
      />
      {group?.followsAllGates && (
        <Text size="sm" c="dimmed">
          This group follows every gate and resident, new ones included. Saving it keeps exactly the gates and members
          chosen here.
        </Text>
      )}
      <Checkbox.Group label="Gates" value={gateIds} onChange={setGateIds} error={errors.gateIds}>
        <Stack gap={4} mt={4}>
          {gates.length === 0 && <Text c="dimmed">This property has no gates yet.</Text>}
          {gates.map((gate) => (
            <Checkbox key={gate.value} value={gate.value} label={gate.label} />
          ))}
        </Stack>
      </Checkbox.Group>
      <MultiSelect
        label="Members"
        placeholder="Search residents"
        data={residents}
        value={memberIds}
        onChange={setMemberIds}
        searchable
        clearable
        nothingFoundMessage="No resident found"
        error={errors.memberIds}
      />
      <ScheduleFields schedule={schedule} errors={errors} onChange={setSchedule} />
    </FormDialog>
  );
}
