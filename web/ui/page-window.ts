import { LOG_PAGE_WINDOW } from '@core/constants';

/** The page numbers to show: at most `size`, around the current page, always within 1..total. */
export function pageWindow(current: number, total: number, size = LOG_PAGE_WINDOW): number[] {
  if (total < 1) return [];
  const count = Math.min(size, total);
  const first = Math.max(1, Math.min(current - Math.floor(size / 2), total - count + 1));
  return Array.from({ length: count }, (_, i) => first + i);
}
