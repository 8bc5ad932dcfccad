import { DEFAULT_TIME_ZONE, type QrType } from '@core/constants';
import { todayIn } from '@core/time/zoned-time';
import { VISITOR_MESSAGES } from '@core/visitor-form/visitor-messages';
import { emptyWindow, hasWindowErrors, visitorWindowErrors } from '@core/visitor-form/visitor-window';
import { Alert, Button, Modal, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useAllProperties, useProperty } from '../../api/properties';
import { useRegisterVisitor } from '../../api/visitors';
import { useClaims } from '../../auth/session';
import { PersonFields } from '../../ui/person-fields';
import {
  emailError,
  emptyVisitorForm,
  isComplete,
  type RegisterVisitorForm,
  toRegisterRequest,
} from './register-visitor-form';
import { VisitorWindowFields } from './visitor-window-fields';

const DATE_OPTIONS: { value: QrType; label: string }[] = [
  { value: 'betweenDates', label: 'Between Dates' },
  { value: 'weekdays', label: 'Recurring Weekdays' },
  { value: 'randomDates', label: 'Specific Dates' },
];

const SUMMARY_ALERTS = new Set<string>([VISITOR_MESSAGES.recurringDaysSummary, VISITOR_MESSAGES.multipleDatesSummary]);

/** Register Visitor (SPEC §2, §4 Visitor form, §5): the QR code is emailed to the visitor and the resident. */
export function RegisterVisitorPage() {
  const claims = useClaims();
  const isSuperadmin = claims.role === 'superadmin';
  const ownProperty = useProperty(isSuperadmin ? null : claims.PID);
  const allProperties = useAllProperties(isSuperadmin);
  const properties = isSuperadmin ? (allProperties.data ?? []) : ownProperty.data ? [ownProperty.data] : [];
  const initialPropertyId = isSuperadmin ? '' : (claims.PID ?? '');
  const [form, setForm] = useState<RegisterVisitorForm>(() =>
    emptyVisitorForm(initialPropertyId, todayIn(DEFAULT_TIME_ZONE)),
  );
  const [done, setDone] = useState(false);
  const mutation = useRegisterVisitor();

  const timeZone = properties.find((p) => p._id === form.propertyId)?.timeZone ?? DEFAULT_TIME_ZONE;
  const today = todayIn(timeZone);
  const errors = visitorWindowErrors(form.window);
  const invalidEmail = emailError(form.email);
  const blocked = hasWindowErrors(errors) || Boolean(invalidEmail) || !isComplete(form);
  const update = (patch: Partial<RegisterVisitorForm>) => setForm((current) => ({ ...current, ...patch }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (blocked || mutation.isPending) return;
    // A failed registration shows nothing (SPEC §8); the form keeps what was typed.
    mutation.mutate(toRegisterRequest(form, timeZone, claims.UID), {
      onSuccess: () => {
        setDone(true);
        setForm(emptyVisitorForm(form.propertyId, today));
      },
    });
  };

  return (
    <Paper withBorder shadow="sm" radius="md" p={{ base: 'md', sm: 'xl' }} maw={680} mx="auto">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Title order={2}>Register Visitor</Title>
          <PersonFields value={form} emailError={invalidEmail} onChange={update} />
          {isSuperadmin && (
            <Select
              label="Property"
              placeholder="Select a property"
              data={properties.map((p) => ({ value: p._id, label: `${p.propertyName} (${p.propertyLocation})` }))}
              value={form.propertyId || null}
              onChange={(propertyId) => update({ propertyId: propertyId ?? '' })}
              searchable
              required
            />
          )}
          <Select
            label="Date Option"
            data={DATE_OPTIONS}
            value={form.window.qrType}
            allowDeselect={false}
            onChange={(qrType) =>
              setForm({ ...emptyVisitorForm(initialPropertyId, today), window: emptyWindow(qrType as QrType, today) })
            }
          />
          <VisitorWindowFields
            window={form.window}
            errors={errors}
            today={today}
            onChange={(window) => update({ window })}
          />
          {errors.summary && SUMMARY_ALERTS.has(errors.summary) && (
            <Alert color="red" role="alert">
              {errors.summary}
            </Alert>
          )}
          {errors.summary && !SUMMARY_ALERTS.has(errors.summary) && (
            <Text size="sm" c="dimmed">
              {errors.summary}
            </Text>
          )}
          <Text size="sm" c="dimmed">
            Dates and times are local time at the property ({timeZone}).
          </Text>
          <Button type="submit" disabled={blocked || mutation.isPending}>
            {mutation.isPending ? VISITOR_MESSAGES.submitting : 'Submit'}
          </Button>
        </Stack>
      </form>
      <Modal opened={done} onClose={() => setDone(false)} title={VISITOR_MESSAGES.registrationSuccessful} centered>
        <Stack>
          <Text>{VISITOR_MESSAGES.registrationSuccessfulBody}</Text>
          <Button onClick={() => setDone(false)}>OK</Button>
        </Stack>
      </Modal>
    </Paper>
  );
}
