import { PROPERTY_MESSAGES } from '@core/api/property-messages';
import { DEFAULT_TIME_ZONE, type QrType } from '@core/constants';
import { formatWall, todayIn } from '@core/time/zoned-time';
import { QR_TYPE_WORDS } from '@core/visitor-form/qr-type-words';
import { VISITOR_MESSAGES } from '@core/visitor-form/visitor-messages';
import { emptyWindow, hasWindowErrors, startsFarAhead, visitorWindowErrors } from '@core/visitor-form/visitor-window';
import { Alert, Button, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useRef, useState } from 'react';
import { useAllProperties, useProperty } from '../../api/properties';
import { useRegisterVisitor } from '../../api/visitors';
import { useClaims } from '../../auth/session';
import { revealFirstError } from '../../ui/forms/reveal-first-error';
import { showServerErrors } from '../../ui/forms/server-errors';
import { useLazySchemaForm } from '../../ui/forms/use-lazy-schema-form';
import { PersonFields } from '../../ui/person-fields';
import { QueryError } from '../../ui/query-state';
import { UsPhoneInput } from '../../ui/us-phone-input';
import { useInvitedVisitor } from '../../widgets/invite-again/invite-again';
import { PassGatesField } from '../../widgets/pass-gates/pass-gates-field';
import {
  emptyVisitorForm,
  loadVisitorFormSchema,
  REGISTER_VISITOR_FIELDS,
  type RegisterVisitorForm,
  toRegisterRequest,
} from './register-visitor-form';
import { VisitorWindowFields } from './visitor-window-fields';

// The success dialog (a Modal, with its focus trap and scroll lock) is not needed to fill the form:
// it starts loading at the first submit and is on screen well before the server answers.
const loadSuccess = () => import('./registration-success');
const RegistrationSuccess = lazy(async () => ({ default: (await loadSuccess()).RegistrationSuccess }));

const DATE_OPTIONS = (['betweenDates', 'weekdays', 'randomDates'] as const).map((value) => ({
  value,
  label: QR_TYPE_WORDS[value],
}));

const SUMMARY_ALERTS = new Set<string>([
  VISITOR_MESSAGES.recurringDaysSummary,
  VISITOR_MESSAGES.multipleDatesSummary,
  VISITOR_MESSAGES.datesEnded,
]);

/** Register Visitor (docs/SPEC.md §2, §4 Visitor form, §5): the QR code is emailed to the visitor and the resident. */
export function RegisterVisitorPage() {
  const claims = useClaims();
  const isSuperadmin = claims.role === 'superadmin';
  const ownProperty = useProperty(isSuperadmin ? null : claims.PID);
  const allProperties = useAllProperties(isSuperadmin);
  const properties = isSuperadmin ? (allProperties.data ?? []) : ownProperty.data ? [ownProperty.data] : [];
  const initialPropertyId = isSuperadmin ? '' : (claims.PID ?? '');
  const invited = useInvitedVisitor();
  const form = useLazySchemaForm<RegisterVisitorForm>(loadVisitorFormSchema, {
    initialValues: {
      ...emptyVisitorForm(initialPropertyId, todayIn(DEFAULT_TIME_ZONE)),
      ...(invited && { ...invited, propertyId: isSuperadmin ? invited.propertyId : initialPropertyId }),
    },
  });
  const formElement = useRef<HTMLFormElement>(null);
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const mutation = useRegisterVisitor();
  const { window } = form.values;

  const timeZone = properties.find((p) => p._id === form.values.propertyId)?.timeZone ?? DEFAULT_TIME_ZONE;
  const today = todayIn(timeZone);
  const errors = visitorWindowErrors(window, formatWall(new Date(), timeZone));
  const blocked = hasWindowErrors(errors);
  const startOver = (values: RegisterVisitorForm) => {
    form.setValues(values);
    form.clearErrors();
    form.resetTouched();
  };

  const submit = form.onSubmit(
    (values) => {
      if (blocked || mutation.isPending) return;
      void loadSuccess();
      setFailure(null);
      mutation.mutate(toRegisterRequest(values, timeZone, claims.UID), {
        onSuccess: () => {
          setDone(true);
          startOver(emptyVisitorForm(values.propertyId, today));
        },
        // A failure is never silent: the form keeps what was typed and says why.
        onError: (error) => {
          setFailure(showServerErrors(form, error, VISITOR_MESSAGES.registrationFailed, REGISTER_VISITOR_FIELDS));
          revealFirstError(formElement.current);
        },
      });
    },
    () => revealFirstError(formElement.current),
  );

  return (
    <Paper withBorder shadow="sm" radius="md" p={{ base: 'md', sm: 'xl' }} maw={680} mx="auto">
      <form ref={formElement} onSubmit={submit} noValidate>
        <Stack>
          <Title order={1} size="h2">
            Register Visitor
          </Title>
          <QueryError query={isSuperadmin ? allProperties : ownProperty} title={PROPERTY_MESSAGES.listFailed} />
          <PersonFields inputProps={form.getInputProps} />
          <UsPhoneInput
            label="Visitor's Mobile (optional)"
            description="The pass link is also sent here by text message."
            {...form.getInputProps('phoneNumber')}
            value={form.values.phoneNumber}
            onChange={(digits) => form.setFieldValue('phoneNumber', digits)}
          />
          {isSuperadmin && (
            <Select
              label="Property"
              placeholder="Select a property"
              data={properties.map((p) => ({ value: p._id, label: `${p.propertyName} (${p.propertyLocation})` }))}
              searchable
              required
              {...form.getInputProps('propertyId')}
              value={form.values.propertyId || null}
              onChange={(propertyId) => form.setFieldValue('propertyId', propertyId ?? '')}
            />
          )}
          <Select
            label="Date Option"
            data={DATE_OPTIONS}
            value={window.qrType}
            allowDeselect={false}
            // Only the dates and times start over (docs/SPEC.md §4): who the visitor is stays as typed.
            onChange={(qrType) => form.setFieldValue('window', emptyWindow(qrType as QrType, today))}
          />
          <VisitorWindowFields
            window={window}
            errors={errors}
            today={today}
            onChange={(next) => form.setFieldValue('window', next)}
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
          {!blocked && startsFarAhead(window, today) && (
            <Alert color="yellow" role="status">
              {VISITOR_MESSAGES.startsFarAhead}
            </Alert>
          )}
          <Text size="sm" c="dimmed">
            Dates and times are local time at the property ({timeZone}).
          </Text>
          <PassGatesField
            propertyId={form.values.propertyId}
            value={form.values.gateIds}
            onChange={(gateIds) => form.setFieldValue('gateIds', gateIds)}
            error={form.errors.gateIds as string | undefined}
          />
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <Button type="submit" disabled={blocked || mutation.isPending}>
            {mutation.isPending ? VISITOR_MESSAGES.submitting : 'Submit'}
          </Button>
        </Stack>
      </form>
      {done && (
        <Suspense fallback={null}>
          <RegistrationSuccess registered={mutation.data ?? null} onClose={() => setDone(false)} />
        </Suspense>
      )}
    </Paper>
  );
}
