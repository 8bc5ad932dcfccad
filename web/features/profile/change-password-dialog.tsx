import { changePasswordRequest } from '@core/api/accounts';
import { MESSAGES } from '@core/messages';
import { newPasswordForm } from '@core/validation/password';
import { PasswordInput, Text } from '@mantine/core';
import { useState } from 'react';
import { useChangePassword } from '../../api/sessions';
import { FormDialog } from '../../ui/form-dialog';
import { showServerErrors } from '../../ui/forms/server-errors';
import { useSchemaForm } from '../../ui/forms/use-schema-form';
import { NewPasswordFields } from '../../ui/new-password-fields';

const changePasswordForm = newPasswordForm(MESSAGES.passwordTooShort, {
  currentPassword: changePasswordRequest.shape.currentPassword,
});

/**
 * Change password while signed in: the current password, then the new one twice with
 * the usual rules. Every other browser signed in to the account is signed out; this one stays.
 */
export function ChangePasswordDialog({ onClose }: { onClose: () => void }) {
  const form = useSchemaForm(changePasswordForm, {
    initialValues: { currentPassword: '', password: '', confirmation: '' },
  });
  const mutation = useChangePassword();
  const [failure, setFailure] = useState<string | null>(null);

  const save = form.onSubmit(({ currentPassword, password }) => {
    setFailure(null);
    mutation.mutate(
      { currentPassword, newPassword: password },
      {
        onSuccess: onClose,
        onError: (error) =>
          setFailure(showServerErrors(form, error, MESSAGES.serverFailed, { newPassword: 'password' })),
      },
    );
  });

  return (
    <FormDialog
      title="Change Password"
      submitLabel="Change Password"
      busy={mutation.isPending}
      failure={failure}
      onSubmit={save}
      onClose={onClose}
    >
      <Text size="sm">Every other browser signed in to your account will be signed out.</Text>
      <PasswordInput
        label="Current Password"
        autoComplete="current-password"
        required
        data-autofocus
        {...form.getInputProps('currentPassword')}
      />
      <NewPasswordFields value={form.values} inputProps={form.getInputProps} />
    </FormDialog>
  );
}
