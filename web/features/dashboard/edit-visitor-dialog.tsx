import type { ManagedVisitor } from '@core/api/dashboard';
import { MESSAGES } from '@core/messages';
import { EMAIL_PATTERN } from '@core/validation/email';
import { TextInput } from '@mantine/core';
import { useState } from 'react';
import { useUpdateVisitor } from '../../api/dashboard';
import { draftField, EditDialogFrame } from './edit-dialog-frame';

type Draft = { firstName: string; lastName: string; email: string };

export function editVisitorErrors(draft: Draft): Partial<Record<keyof Draft, string>> {
  const errors: Partial<Record<keyof Draft, string>> = {};
  if (!draft.firstName.trim()) errors.firstName = 'First name is required';
  if (!draft.lastName.trim()) errors.lastName = 'Last name is required';
  if (!EMAIL_PATTERN.test(draft.email.trim())) errors.email = MESSAGES.invalidEmail;
  return errors;
}

/** Edit visitor: first name, last name, email. */
export function EditVisitorDialog({ visitor, onClose }: { visitor: ManagedVisitor; onClose: () => void }) {
  const [draft, setDraft] = useState<Draft>({
    firstName: visitor.firstName,
    lastName: visitor.lastName,
    email: visitor.email,
  });
  const [errors, setErrors] = useState<Partial<Record<keyof Draft, string>>>({});
  const update = useUpdateVisitor();
  const field = draftField(draft, setDraft, errors);
  const save = () => {
    const found = editVisitorErrors(draft);
    setErrors(found);
    if (Object.keys(found).length) return;
    update.mutate({ _id: visitor._id, ...draft, email: draft.email.trim().toLowerCase() }, { onSuccess: onClose });
  };
  return (
    <EditDialogFrame title="Edit Visitor" busy={update.isPending} error={update.error} onSave={save} onClose={onClose}>
      <TextInput label="First Name" {...field('firstName')} />
      <TextInput label="Last Name" {...field('lastName')} />
      <TextInput label="Email" {...field('email')} />
    </EditDialogFrame>
  );
}
