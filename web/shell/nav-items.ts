import type { Role } from '@core/roles';
import { paths } from '../paths';

export interface NavItem {
  label: string;
  to: string;
}

/** The menu of each role: the screens of docs/SPEC.md §2 that role may open. */
export function navItemsFor(role: Role): NavItem[] {
  if (role === 'superadmin') {
    return [
      { label: 'Dashboard', to: paths.dashboard },
      { label: 'Register Visitor', to: paths.home },
      { label: 'Register User', to: paths.registerUser },
      { label: 'Register Property', to: paths.registerProperty },
      { label: 'Register Device', to: paths.registerDevice },
      { label: 'Bulk Upload', to: paths.bulkUserUpload },
      { label: 'Gate Logs', to: paths.gateLogs },
      { label: 'Activity', to: paths.activity },
      { label: 'Integrations', to: paths.integrations },
      { label: 'Profile', to: paths.profile },
    ];
  }
  if (role === 'admin') {
    return [
      { label: 'Register Resident', to: paths.registerUser },
      { label: 'Dashboard', to: paths.dashboard },
      { label: 'Register Visitor', to: paths.home },
      { label: 'Bulk Upload', to: paths.bulkUserUpload },
      { label: 'Access Gates', to: paths.accessGates },
      { label: 'Gate Logs', to: paths.gateLogs },
      { label: 'Activity', to: paths.activity },
      { label: 'Integrations', to: paths.integrations },
      { label: 'Profile', to: paths.profile },
    ];
  }
  return [
    { label: 'Register Visitor', to: paths.home },
    { label: 'Visitor List', to: paths.visitorList },
    { label: 'Gates', to: paths.accessGates },
    { label: 'Calls', to: paths.calls },
    { label: 'Profile', to: paths.profile },
  ];
}
