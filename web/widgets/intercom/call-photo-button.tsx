import { Button, Image, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import type { IntercomCallDto } from '../../api/intercom';
import { useCallPhoto } from './use-call-photo';

function CallPhoto({ call }: { call: IntercomCallDto }) {
  const photo = useCallPhoto(call._id);
  return photo ? (
    <Image src={photo} alt={`The caller at ${call.gate.name}`} radius="md" />
  ) : (
    <Text c="dimmed">
      No photo of this call (none was taken, or it was deleted after the days the property keeps them).
    </Text>
  );
}

/** The call's still, fetched only when asked for (each viewing is in the trail). */
export function CallPhotoButton({ call }: { call: IntercomCallDto }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="xs"
        variant="light"
        onClick={() => setOpen(true)}
        aria-label={`Photo of the call from ${call.gate.name}`}
      >
        Photo
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={`Call from ${call.gate.name}`}>
        {open && <CallPhoto call={call} />}
      </Modal>
    </>
  );
}
