import type { ActivityDeclaration } from './activity-declaration';

/** A route's activity declaration as registered; `undefined` means it declared none. */
export interface ActivityRoute {
  method: string;
  url: string;
  activity: ActivityDeclaration | undefined;
}
