import type { ActivityChangesDto } from '@core/api/activity';
import { Box, Text } from '@mantine/core';
import { inWords, isSecretChange, valueInWords } from './activity-words';

/** One field's change: old struck through → new; a new field shows only its value, a removed one only the old. */
function FieldChange({ field, change }: { field: string; change: ActivityChangesDto[string] }) {
  const secret = isSecretChange(change);
  const created = change.before === null || change.before === undefined;
  const removed = change.after === null || change.after === undefined;
  return (
    <Box component="li" data-testid="change" fz="xs" style={{ overflowWrap: 'anywhere' }}>
      <Text span fw={600} fz="xs">
        {inWords(field)}:
      </Text>{' '}
      {secret ? (
        <Text span fz="xs" fs="italic">
          changed
        </Text>
      ) : (
        <>
          {!created && (
            <Text span fz="xs" c="red.9" td={removed ? undefined : 'line-through'} data-testid="before">
              {valueInWords(change.before)}
            </Text>
          )}
          {!created && !removed && ' → '}
          {!removed && (
            <Text span fz="xs" c="green.9" data-testid="after">
              {valueInWords(change.after)}
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

/** The fields an entry changed, one line each; nothing when it changed no field (a sign-in). */
export function ChangesDiff({ changes }: { changes: ActivityChangesDto }) {
  const fields = Object.entries(changes);
  if (!fields.length) return null;
  return (
    <Box component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
      {fields.map(([field, change]) => (
        <FieldChange key={field} field={field} change={change} />
      ))}
    </Box>
  );
}
