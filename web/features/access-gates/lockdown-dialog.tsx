import { LOCKDOWN_MESSAGES } from '@core/api/lockdown-messages';
import { Checkbox, Radio, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useStartLockdown } from '../../api/lockdowns';
import { FormDialog } from '../../ui/form-dialog';
import { showServerErrors } from '../../ui/forms/server-errors';
import { useSchemaForm } from '../../ui/forms/use-schema-form';
import { WallDateTimeInput } from '../../ui/wall-date-time-input';
import {
  emptyLockdownDraft,
  LOCKDOWN_FIELD_MAP,
  type LockdownDraft,
  lockdownDraftSchema,
  lockdownRequestOf,
  OTHER_REASON,
  REASON_OPTIONS,
} from './lockdown-form';

/**
 * Start a lockdown: a reason picked with one tap (or typed), the whole property or chosen gates,
 * and an optional end in the property's own time zone. Its red "Start lockdown" is the confirmation.
 */
export function LockdownDialog({
  propertyId,
  timeZone,
  gates,
  onClose,
}: {
  propertyId: string;
  timeZone: string;
  gates: { id: string; deviceName: string }[];
  onClose: () => void;
}) {
  const start = useStartLockdown();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useSchemaForm<LockdownDraft>(lockdownDraftSchema, { initialValues: emptyLockdownDraft() });
  const values = form.getValues();

  const submit = form.onSubmit((draft) => {
    setFailure(null);
    start.mutate(
      { propertyId, ...lockdownRequestOf(draft, timeZone) },
      {
        onSuccess: onClose,
        onError: (error) =>
          setFailure(showServerErrors(form, error, LOCKDOWN_MESSAGES.startFailed, LOCKDOWN_FIELD_MAP)),
      },
    );
  });

  return (
    <FormDialog
      title={LOCKDOWN_MESSAGES.lockDown}
      submitLabel={LOCKDOWN_MESSAGES.startLockdown}
      submitColor="red"
      busy={start.isPending}
      failure={failure}
      onSubmit={submit}
      onClose={onClose}
    >
      <Text size="sm">{LOCKDOWN_MESSAGES.dialogHelp}</Text>
      <Radio.Group label="Reason" {...form.getInputProps('reasonChoice')}>
        <Stack gap="xs" mt="xs">
          {REASON_OPTIONS.map((option) => (
            <Radio key={option} value={option} label={option} />
          ))}
        </Stack>
      </Radio.Group>
      {values.reasonChoice === OTHER_REASON && (
        <TextInput label={LOCKDOWN_MESSAGES.otherReason} data-autofocus {...form.getInputProps('otherReason')} />
      )}
      <Stack gap={4}>
        <Text size="sm" fw={500} id="lockdown-scope">
          Which gates
        </Text>
        <SegmentedControl
          aria-labelledby="lockdown-scope"
          data={[
            { value: 'property', label: 'Whole property' },
            { value: 'gates', label: 'Chosen gates' },
          ]}
          {...form.getInputProps('scope')}
        />
      </Stack>
      {values.scope === 'gates' && (
        <Checkbox.Group label="Gates to lock" {...form.getInputProps('gateIds')}>
          <Stack gap="xs" mt="xs">
            {gates.map((gate) => (
              <Checkbox key={gate.id} value={gate.id} label={gate.deviceName} />
            ))}
          </Stack>
        </Checkbox.Group>
      )}
      <WallDateTimeInput
        label="Ends"
        date={values.endDate}
        time={values.endTime}
        error={form.errors.endDate as string | undefined}
        onChange={({ date, time }) => form.setValues({ endDate: date, endTime: time })}
      />
      <Text size="xs" c="dimmed" mt={-6}>
        {LOCKDOWN_MESSAGES.endHelp(timeZone)}
      </Text>
    </FormDialog>
  );
}
