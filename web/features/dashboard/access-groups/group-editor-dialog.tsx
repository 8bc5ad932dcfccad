import { ACCESS_GROUP_MESSAGES, type AccessGroupDto, accessGroupBody } from '@core/api/access-groups';
import { ApiError } from '@core/api/api-error';
import { type AccessSchedule, ALWAYS } from '@core/rules/schedule';
import { Alert, Checkbox, MultiSelect, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useSaveGroup } from '../../../api/access-groups';
import { FormDialog } from '../../../ui/form-dialog';
import { toast } from '../../../ui/toast';
import { alwaysOpenedBy, residentsLeftOut } from './group-reach';
import { ScheduleFields } from './schedule-fields';

export interface Choice {
  value: string;
  label: string;
}

/** New or edit: name, gates, members and schedule; every refusal on its field. */
export function GroupEditorDialog({
  propertyId,
  group,
  groups,
  gates,
  residents,
  onClose,
}: {
  propertyId: string;
  /** Null: a new group. */
  group: AccessGroupDto | null;
  /** The property's groups as saved, to warn of residents left out and hours that change nothing. */
  groups: AccessGroupDto[];
  gates: Choice[];
  residents: Choice[];
  onClose: () => void;
}) {
  const [name, setName] = useState(group?.name ?? '');
  const [gateIds, setGateIds] = useState<string[]>(group?.gateIds ?? []);
  const [memberIds, setMemberIds] = useState<string[]>(group?.allResidents ? [] : (group?.memberIds ?? []));
  const [allResidents, setAllResidents] = useState(group?.allResidents ?? false);
  // The count of residents left in no group that the manager has been shown and saves anyway.
  const [warnedLeftOut, setWarnedLeftOut] = useState<number | null>(null);
  const [schedule, setSchedule] = useState<AccessSchedule>(group?.schedule ?? ALWAYS);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const save = useSaveGroup();

  // Only the first members are listed (memberCount says how many): saving would drop the rest.
  const membersCut = group !== null && !group.allResidents && group.memberCount > group.memberIds.length;
  const edited = { _id: group?._id, gateIds, memberIds, allResidents };
  const leftOut = residentsLeftOut(
    residents.map((resident) => resident.value),
    groups,
    edited,
  );
  const openedBy = alwaysOpenedBy(groups, edited);

  const submit = (event?: React.FormEvent<HTMLFormElement>) => {
    event?.preventDefault();
    setFailure(null);
    if (membersCut) {
      setFailure(ACCESS_GROUP_MESSAGES.tooManyMembersToEdit(group.memberCount));
      return;
    }
    if (leftOut > 0 && warnedLeftOut !== leftOut) {
      setWarnedLeftOut(leftOut);
      return;
    }
    const body = { name, gateIds, memberIds: allResidents ? [] : memberIds, schedule, allResidents };
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
      <Switch
        label="Every resident, new ones included"
        description="On: every resident of the property is in this group, also those added later."
        checked={allResidents}
        onChange={(event) => setAllResidents(event.currentTarget.checked)}
      />
      <Checkbox.Group label="Gates" value={gateIds} onChange={setGateIds} error={errors.gateIds}>
        <Stack gap={4} mt={4}>
          {gates.length === 0 && <Text c="dimmed">This property has no gates yet.</Text>}
          {gates.map((gate) => (
            <Checkbox key={gate.value} value={gate.value} label={gate.label} />
          ))}
        </Stack>
      </Checkbox.Group>
      {!allResidents && (
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
      )}
      {openedBy && (
        <Text size="sm" c="dimmed" data-testid="hours-covered">
          “{openedBy.name}” already lets {allResidents ? 'every resident' : 'these members'} through{' '}
          {gateIds.length === 1 ? 'this gate' : 'these gates'} at every hour, so this group's hours change nothing
          there.
        </Text>
      )}
      <ScheduleFields schedule={schedule} errors={errors} onChange={setSchedule} />
      {warnedLeftOut !== null && leftOut > 0 && (
        <Alert color="orange" title="Residents left in no group" role="alert">
          {leftOut === 1 ? '1 resident' : `${leftOut} residents`} would be in no gate group after this change and open
          no gate. Press Save again to save anyway.
        </Alert>
      )}
    </FormDialog>
  );
}
