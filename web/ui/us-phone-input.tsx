import { PHONE_COUNTRY_PREFIX } from '@core/constants';
import { MESSAGES } from '@core/messages';
import { holdsNonDigits, typedPhoneText } from '@core/validation/phone';
import { Group, NativeSelect, TextInput } from '@mantine/core';
import type { FocusEventHandler, ReactNode } from 'react';

/** Room for a written number ('+1 (555) 123-4567'); the digits kept are at most 10. */
const PHONE_INPUT_MAX_LENGTH = 20;

/**
 * A 10-digit phone field with its country selector, which offers only USA (+1) (docs/SPEC.md §2, §9).
 * A written number keeps its digits only, so '(555) 123-4567' pastes whole; letters stay as typed
 * and the field says at once why that is wrong.
 */
export function UsPhoneInput({
  label,
  description,
  value,
  onChange,
  onBlur,
  error,
  autoFocus,
}: {
  label: string;
  description?: ReactNode;
  value: string;
  onChange: (digits: string) => void;
  onBlur?: FocusEventHandler<HTMLInputElement>;
  error?: ReactNode;
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
        description={description}
        // Under the field, so the input lines up with the country selector beside it.
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        placeholder="5551234567"
        value={value}
        maxLength={PHONE_INPUT_MAX_LENGTH}
        onChange={(event) => onChange(typedPhoneText(event.currentTarget.value))}
        onBlur={onBlur}
        // Letters are named at once, before the form's own rule about the digits.
        error={holdsNonDigits(value) ? MESSAGES.phoneDigitsOnly : error}
        // The dialog's focus trap picks this field first: an autoFocus it then moved away from would
        // blur the empty field and show its error before anything was typed.
        data-autofocus={autoFocus || undefined}
        style={{ flex: 1 }}
      />
    </Group>
  );
}
