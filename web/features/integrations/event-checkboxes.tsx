import { WEBHOOK_EVENT_TYPES } from '@core/api/webhooks';
import { Checkbox, SimpleGrid } from '@mantine/core';

/** The events an endpoint is sent, one checkbox each. */
export function EventCheckboxes({
  value,
  onChange,
  error,
}: {
  value: string[];
  onChange: (events: string[]) => void;
  error?: string;
}) {
  return (
    <Checkbox.Group label="Events" value={value} onChange={onChange} error={error} withAsterisk>
      <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} mt="xs" spacing="xs">
        {WEBHOOK_EVENT_TYPES.map((type) => (
          <Checkbox key={type} value={type} label={<code>{type}</code>} />
        ))}
      </SimpleGrid>
    </Checkbox.Group>
  );
}
