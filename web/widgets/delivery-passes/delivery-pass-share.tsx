import { DELIVERY_MESSAGES, type DeliveryPassDto, shareDeliveryPassRequest } from '@core/api/delivery-passes';
import { Alert, Anchor, Button, Group, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useShareDeliveryPass } from '../../api/delivery-passes';
import { showServerErrors } from '../../ui/forms/server-errors';
import { useSchemaForm } from '../../ui/forms/use-schema-form';
import { ShareLinkButton } from '../../ui/share-link-button';
import { toast } from '../../ui/toast';

interface ShareForm {
  email: string;
  phoneNumber: string;
}

/** The courier's page link of a valid pass: open it, copy it, or have it sent by email or text. */
export function DeliveryPassShare({ pass }: { pass: DeliveryPassDto & { link: string } }) {
  const share = useShareDeliveryPass();
  const [open, setOpen] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useSchemaForm<ShareForm>(shareDeliveryPassRequest, { initialValues: { email: '', phoneNumber: '' } });

  const submit = form.onSubmit((values) => {
    setFailure(null);
    share.mutate(
      { passId: pass._id, ...values },
      {
        onSuccess: () => {
          toast(DELIVERY_MESSAGES.shared, 'success');
          form.reset();
          setOpen(false);
        },
        onError: (error) => setFailure(showServerErrors(form, error, 'The delivery pass could not be sent.')),
      },
    );
  });

  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Anchor href={pass.link} target="_blank" rel="noreferrer" size="sm">
          Open the courier’s pass
        </Anchor>
        <ShareLinkButton
          url={pass.link}
          title="Delivery pass"
          text={DELIVERY_MESSAGES.shareSentence(pass.name || pass.company || 'your delivery')}
          copied={DELIVERY_MESSAGES.linkCopied}
        />
        <Button size="xs" variant="default" onClick={() => setOpen((was) => !was)} aria-expanded={open}>
          Send by email or text
        </Button>
      </Group>
      {open && (
        <form onSubmit={submit} noValidate aria-label="Send the delivery pass">
          <Stack gap="xs">
            <TextInput label="Courier’s email" type="email" {...form.getInputProps('email')} />
            <TextInput label="Courier’s mobile" type="tel" {...form.getInputProps('phoneNumber')} />
            {failure && (
              <Alert color="red" role="alert">
                {failure}
              </Alert>
            )}
            <Group>
              <Button type="submit" size="xs" loading={share.isPending}>
                Send
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
