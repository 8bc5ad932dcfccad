import type { ActivityChangesDto } from '@core/api/activity';
import { Box, Text } from '@mantine/core';
import { inWords, isSecretChange, type ValueContext, valueInWords } from './activity-words';
import { scheduleChanges } from './schedule-changes';

/** One field's change: old struck through → new; a new field shows only its value, a removed one only the old. */
function FieldChange({
  field,
  label = inWords(field),
  change,
  context,
}: {
  field: string;
  label?: string;
  change: ActivityChangesDto[string];
  context: ValueContext;
}) {
  const secret = isSecretChange(change);
  const created = change.before === null || change.before === undefined;
  const removed = change.after === null || change.after === undefined;
  return (
    <Box component="li" data-testid="change" fz="xs" style={{ overflowWrap: 'anywhere' }}>
      <Text span fw={600} fz="xs">
        {label}:
      </Text>{' '}
      {secret ? (
        <Text span fz="xs" fs="italic">
          changed
        </Text>
      ) : (
        <>
          {!created && (
            <Text span fz="xs" c="red.9" td={removed ? undefined : 'line-through'} data-testid="before">
              {valueInWords(change.before, context, field)}
            </Text>
          )}
          {!created && !removed && ' → '}
          {!removed && (
            <Text span fz="xs" c="green.9" data-testid="after">
              {valueInWords(change.after, context, field)}
            </Text>
          )}
          {removed && !created && (
            <Text span fz="xs" c="dimmed">
              {' '}
              (removed)
            </Text>
          )}
        </>
      )}
    </Box>
  );
}

/**
 * The fields an entry changed, one line each; a schedule one line per day or date whose hours
 * changed. Nothing when it changed no field (a sign-in).
 */
export function ChangesDiff({ changes, context }: { changes: ActivityChangesDto; context: ValueContext }) {
  const fields = Object.entries(changes);
  if (!fields.length) return null;
  return (
    <Box component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
      {fields.flatMap(([field, change]) => {
        const days = field === 'schedule' ? scheduleChanges(change.before, change.after) : null;
        if (!days) return [<FieldChange key={field} field={field} change={change} context={context} />];
        return days.map((day) => (
          <FieldChange
            key={`${field}-${day.label}`}
            field={field}
            label={`${inWords(field)}, ${day.label}`}
            change={{ before: day.before, after: day.after }}
            context={context}
          />
        ));
      })}
    </Box>
  );
}
