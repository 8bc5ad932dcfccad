import { DEVICE_TYPE_LABELS, DEVICE_TYPES, type DeviceType } from '@core/constants';
import { Select, type SelectProps, Text } from '@mantine/core';

const TYPE_OPTIONS = DEVICE_TYPES.map((type) => ({ value: type, label: DEVICE_TYPE_LABELS[type] }));

interface Props {
  value: DeviceType | '';
  onChange: (value: DeviceType | '') => void;
  error?: React.ReactNode;
  errorProps?: SelectProps['errorProps'];
}

/**
 * Device Type: with one kind of device there is nothing to choose, so it is shown as text (the form
 * holds that one type); a select appears once there are more.
 */
export function DeviceTypeField({ value, onChange, error, errorProps }: Props) {
  if (TYPE_OPTIONS.length === 1) {
    const only = TYPE_OPTIONS[0];
    return (
      <div>
        <Text size="sm" fw={500}>
          Device Type
        </Text>
        <Text size="sm" py={6} data-testid="device-type">
          {only?.label}
        </Text>
      </div>
    );
  }
  return (
    <Select
      label="Device Type"
      required
      data={TYPE_OPTIONS}
      error={error}
      errorProps={errorProps}
      value={value || null}
      onChange={(next) => onChange((next ?? '') as DeviceType | '')}
    />
  );
}
