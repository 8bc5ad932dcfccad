import { DASHBOARD_MESSAGES } from '@core/api/dashboard';
import { type PropertyDto, updatePropertyBody } from '@core/api/properties';
import { PROPERTY_MESSAGES } from '@core/api/property-messages';
import { PROPERTY_FEATURE_LABELS, type PropertyFeature } from '@core/constants';
import { Checkbox, Group, NumberInput, SimpleGrid, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useUpdateProperty } from '../../../api/dashboard';
import { FormDialog } from '../../../ui/form-dialog';
import { showServerErrors } from '../../../ui/forms/server-errors';
import { useSchemaForm } from '../../../ui/forms/use-schema-form';

const CHOOSABLE: PropertyFeature[] = ['securepin', 'rfid'];

/** Edit property: name, location, features ('qr' is always on), how long its records are kept; a duplicate name and location is refused on the name. */
export function EditPropertyDialog({ property, onClose }: { property: PropertyDto; onClose: () => void }) {
  const form = useSchemaForm(updatePropertyBody, {
    initialValues: {
      _id: property._id,
      propertyName: property.propertyName,
      propertyLocation: property.propertyLocation,
      propertyFeatures: property.propertyFeatures.filter((feature) => feature !== 'qr'),
      managersNeedSecondFactor: property.managersNeedSecondFactor,
      gateEventRetentionMonths: property.gateEventRetentionMonths,
      activityRetentionMonths: property.activityRetentionMonths,
    },
  });
  const [failure, setFailure] = useState<string | null>(null);
  const update = useUpdateProperty();
  const save = form.onSubmit((values) => {
    setFailure(null);
    update.mutate(values, {
      onSuccess: onClose,
      onError: (error) => setFailure(showServerErrors(form, error, DASHBOARD_MESSAGES.saveFailed)),
    });
  });
  return (
    <FormDialog title="Edit Property" busy={update.isPending} failure={failure} onSubmit={save} onClose={onClose}>
      <TextInput label="Property Name" {...form.getInputProps('propertyName')} />
      <TextInput label="Location" {...form.getInputProps('propertyLocation')} />
      <Checkbox.Group label="Property Features" {...form.getInputProps('propertyFeatures')}>
        <Group mt="xs">
          {CHOOSABLE.map((feature) => (
            <Checkbox key={feature} value={feature} label={PROPERTY_FEATURE_LABELS[feature]} />
          ))}
        </Group>
      </Checkbox.Group>
      <Checkbox
        label="Property managers must use two-step verification"
        description="They are asked to set it up at their next sign-in and cannot use the app until they do."
        {...form.getInputProps('managersNeedSecondFactor', { type: 'checkbox' })}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NumberInput
          label={PROPERTY_MESSAGES.gateEventRetention}
          description={PROPERTY_MESSAGES.gateEventRetentionHint}
          allowDecimal={false}
          allowNegative={false}
          {...form.getInputProps('gateEventRetentionMonths')}
        />
        <NumberInput
          label={PROPERTY_MESSAGES.activityRetention}
          description={PROPERTY_MESSAGES.activityRetentionHint}
          allowDecimal={false}
          allowNegative={false}
          {...form.getInputProps('activityRetentionMonths')}
        />
      </SimpleGrid>
    </FormDialog>
  );
}
