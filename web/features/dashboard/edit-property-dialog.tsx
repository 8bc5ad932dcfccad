import type { PropertyDto } from '@core/api/properties';
import { PROPERTY_FEATURE_LABELS, type PropertyFeature } from '@core/constants';
import { MESSAGES } from '@core/messages';
import { Checkbox, Group, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useUpdateProperty } from '../../api/dashboard';
import { draftField, EditDialogFrame } from './edit-dialog-frame';

type Draft = { propertyName: string; propertyLocation: string };
const CHOOSABLE: PropertyFeature[] = ['securepin', 'rfid'];

/** Edit property: name, location, features ('qr' is always on). */
export function EditPropertyDialog({ property, onClose }: { property: PropertyDto; onClose: () => void }) {
  const [draft, setDraft] = useState<Draft>({
    propertyName: property.propertyName,
    propertyLocation: property.propertyLocation,
  });
  const [features, setFeatures] = useState<string[]>(property.propertyFeatures.filter((f) => f !== 'qr'));
  const [errors, setErrors] = useState<Partial<Record<keyof Draft, string>>>({});
  const update = useUpdateProperty();
  const field = draftField(draft, setDraft, errors);
  const save = () => {
    const found: Partial<Record<keyof Draft, string>> = {};
    if (!draft.propertyName.trim()) found.propertyName = MESSAGES.allFieldsRequired;
    if (!draft.propertyLocation.trim()) found.propertyLocation = MESSAGES.allFieldsRequired;
    setErrors(found);
    if (Object.keys(found).length) return;
    update.mutate(
      { _id: property._id, ...draft, propertyFeatures: features as PropertyFeature[] },
      { onSuccess: onClose },
    );
  };
  return (
    <EditDialogFrame title="Edit Property" busy={update.isPending} error={update.error} onSave={save} onClose={onClose}>
      <TextInput label="Property Name" {...field('propertyName')} />
      <TextInput label="Location" {...field('propertyLocation')} />
      <Checkbox.Group label="Property Features" value={features} onChange={setFeatures}>
        <Group mt="xs">
          {CHOOSABLE.map((feature) => (
            <Checkbox key={feature} value={feature} label={PROPERTY_FEATURE_LABELS[feature]} />
          ))}
        </Group>
      </Checkbox.Group>
    </EditDialogFrame>
  );
}
