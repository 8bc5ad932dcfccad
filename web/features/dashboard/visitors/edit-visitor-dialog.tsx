import { DASHBOARD_MESSAGES, type ManagedVisitor, updateVisitorRequest } from '@core/api/dashboard';
import { TextInput } from '@mantine/core';
import { useState } from 'react';
import { useUpdateVisitor } from '../../../api/dashboard';
import { FormDialog } from '../../../ui/form-dialog';
import { showServerErrors } from '../../../ui/forms/server-errors';
import { useSchemaForm } from '../../../ui/forms/use-schema-form';

/** Edit visitor: first name, last name, email, each checked on its field by core's request schema. */
export function EditVisitorDialog({ visitor, onClose }: { visitor: ManagedVisitor; onClose: () => void }) {
  const form = useSchemaForm(updateVisitorRequest, {
    initialValues: { _id: visitor._id, firstName: visitor.firstName, lastName: visitor.lastName, email: visitor.email },
  });
  const [failure, setFailure] = useState<string | null>(null);
  const update = useUpdateVisitor();
  const save = form.onSubmit((values) => {
    setFailure(null);
    update.mutate(
      { ...values, email: values.email.trim().toLowerCase() },
      {
        onSuccess: onClose,
        onError: (error) => setFailure(showServerErrors(form, error, DASHBOARD_MESSAGES.saveFailed)),
      },
    );
  });
  return (
    <FormDialog title="Edit Visitor" busy={update.isPending} failure={failure} onSubmit={save} onClose={onClose}>
      <TextInput label="First Name" {...form.getInputProps('firstName')} />
      <TextInput label="Last Name" {...form.getInputProps('lastName')} />
      <TextInput label="Email" {...form.getInputProps('email')} />
    </FormDialog>
  );
}
