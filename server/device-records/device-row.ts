import type { devices } from './device-tables';

/** A gate device as other domains receive it (its table stays device-records' own). */
export type DeviceRow = typeof devices.$inferSelect;

/** A device's columns as stored when added or changed. */
export type DeviceValues = typeof devices.$inferInsert;
