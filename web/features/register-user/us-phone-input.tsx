import { PHONE_COUNTRY_PREFIX, PHONE_DIGITS } from '@core/constants';
import { Group, NativeSelect, TextInput } from '@mantine/core';

/** A 10-digit phone field with its country selector, which offers only USA (+1) (SPEC §2, §9). */
export function UsPhoneInput({
  label,
  value,
  onChange,
  error,
  autoFocus,
}: {
  label: string;
  value: string;
  onChange: (digits: string) => void;
  error?: string | null;
  autoFocus?: boolean;
}) {
  return (
    <Group gap="xs" align="flex-start" wrap="nowrap">
      <NativeSelect
        label="Country"
        data={[{ value: PHONE_COUNTRY_PREFIX, label: `USA (${PHONE_COUNTRY_PREFIX})` }]}
        value={PHONE_COUNTRY_PREFIX}
        onChange={() => {}}
        w={110}
      />
      <TextInput
        label={label}
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        placeholder="5551234567"
        maxLength={PHONE_DIGITS}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        error={error}
        autoFocus={autoFocus}
        style={{ flex: 1 }}
      />
    </Group>
  );
}
