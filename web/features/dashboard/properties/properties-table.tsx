import type { PropertyDto } from '@core/api/properties';
import { monthsInWords } from '@core/api/property-messages';
import { Badge, Group, Stack } from '@mantine/core';
import { ManagerTable } from '../../../ui/manager-table';
import { featureBadges } from '../shared/dashboard-labels';
import { RowActions } from '../shared/row-actions';

const BADGE_COLORS = { qr: 'teal', securepin: 'grape', rfid: 'blue', intercom: 'orange' } as const;

/** Property table: Name, Location, Property Features ('qr' badge first), Records kept, Actions. */
export function PropertiesTable({
  properties,
  onEdit,
  onDelete,
}: {
  properties: PropertyDto[];
  onEdit: (property: PropertyDto) => void;
  onDelete: (property: PropertyDto) => void;
}) {
  return (
    <ManagerTable
      label="Properties"
      rows={properties}
      rowKey={(property) => property._id}
      title={(property) => property.propertyName}
      minWidth={720}
      columns={[
        { label: 'Name', cell: (property) => property.propertyName },
        { label: 'Location', cell: (property) => property.propertyLocation },
        {
          label: 'Property Features',
          cell: (property) => (
            <Group gap={4} component="span">
              {featureBadges(property.propertyFeatures).map(({ feature, label }) => (
                <Badge key={feature} color={BADGE_COLORS[feature]} variant="light">
                  {label}
                </Badge>
              ))}
            </Group>
          ),
        },
        {
          label: 'Records kept',
          // Two short lines: one line of both was cut off at a desktop width.
          cell: (property) => (
            <Stack gap={0} component="span">
              <span>Gate events {monthsInWords(property.gateEventRetentionMonths)}</span>
              <span>Activity {monthsInWords(property.activityRetentionMonths)}</span>
            </Stack>
          ),
        },
      ]}
      actions={(property) => (
        <RowActions name={property.propertyName} onEdit={() => onEdit(property)} onDelete={() => onDelete(property)} />
      )}
    />
  );
}
