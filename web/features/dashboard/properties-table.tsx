import type { PropertyDto } from '@core/api/properties';
import { Badge, Group, Table } from '@mantine/core';
import { featureBadges } from './dashboard-labels';
import { RowActions } from './row-actions';

const BADGE_COLORS = { qr: 'teal', securepin: 'grape', rfid: 'blue' } as const;

/** Property table: Name, Location, Property Features ('qr' badge first), Actions. */
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
    <Table.ScrollContainer minWidth={720}>
      <Table striped highlightOnHover verticalSpacing="xs" aria-label="Properties">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Location</Table.Th>
            <Table.Th>Property Features</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {properties.map((property) => (
            <Table.Tr key={property._id}>
              <Table.Td>{property.propertyName}</Table.Td>
              <Table.Td>{property.propertyLocation}</Table.Td>
              <Table.Td>
                <Group gap={4}>
                  {featureBadges(property.propertyFeatures).map(({ feature, label }) => (
                    <Badge key={feature} color={BADGE_COLORS[feature]} variant="light">
                      {label}
                    </Badge>
                  ))}
                </Group>
              </Table.Td>
              <Table.Td>
                <RowActions
                  name={property.propertyName}
                  onEdit={() => onEdit(property)}
                  onDelete={() => onDelete(property)}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
