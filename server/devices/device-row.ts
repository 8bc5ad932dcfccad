import type { devices } from './device-tables';

/** A gate device as other domains receive it (its table stays the devices domain's own). */
export type DeviceRow = typeof devices.$inferSelect;
