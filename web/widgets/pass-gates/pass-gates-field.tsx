import { MultiSelect } from '@mantine/core';
import { useGateDevices } from '../../api/devices';

/**
 * "Gates this pass opens": the gates of the pass's property the caller may open (the remote-open
 * list), none chosen meaning all of them. Not shown when there is only one gate to choose.
 */
export function PassGatesField({
  propertyId,
  value,
  onChange,
  error,
}: {
  propertyId: string;
  value: string[];
  onChange: (gateIds: string[]) => void;
  error?: string;
}) {
  const gates = useGateDevices();
  const choices = (gates.data ?? []).filter((gate) => gate.propertyId === propertyId);
  if (choices.length < 2) return null;
  return (
    <MultiSelect
      label="Gates this pass opens"
      description="Leave empty for every gate you may open."
      placeholder={value.length ? undefined : 'Every gate'}
      data={choices.map((gate) => ({ value: gate.id, label: gate.deviceName }))}
      value={value}
      onChange={onChange}
      error={error}
      clearable
    />
  );
}
