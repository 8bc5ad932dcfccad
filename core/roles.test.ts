import { describe, expect, it } from 'vitest';
import {
  canRegisterRole,
  canSeeSecurePins,
  LANDING_PATHS,
  loginRoleForSegment,
  loginTitleForSegment,
  roleLabel,
} from './roles';

describe('roles (docs/SPEC.md §4, §6)', () => {
  it('labels roles', () => {
    expect(roleLabel('superadmin')).toBe('Super User');
    expect(roleLabel('admin')).toBe('Property Manager');
    expect(roleLabel('resident')).toBe('Resident');
    expect(roleLabel(undefined)).toBe('Resident');
  });
  it('picks the login form by the last path segment', () => {
    expect(loginTitleForSegment('Resident-Login')).toBe('Resident Login');
    expect(loginTitleForSegment('Property-Manager-Login')).toBe('Property Manager Login');
    expect(loginRoleForSegment('Super-Admin')).toBe('superadmin');
    expect(loginRoleForSegment('anything-else')).toBe('resident');
  });
  it('lands each role on its page', () => {
    expect(LANDING_PATHS).toEqual({ superadmin: '/dashboard', admin: '/register-user', resident: '/' });
  });
  it('lets admins register only admins and residents, superadmins anyone, residents no one', () => {
    expect(canRegisterRole('admin', 'resident')).toBe(true);
    expect(canRegisterRole('admin', 'admin')).toBe(true);
    expect(canRegisterRole('admin', 'superadmin')).toBe(false);
    expect(canRegisterRole('superadmin', 'superadmin')).toBe(true);
    expect(canRegisterRole('resident', 'resident')).toBe(false);
  });
  it('shows secure PINs to superadmins, and to admins only where the property has securepin', () => {
    expect(canSeeSecurePins('superadmin', [])).toBe(true);
    expect(canSeeSecurePins('admin', ['qr'])).toBe(false);
    expect(canSeeSecurePins('admin', ['qr', 'securepin'])).toBe(true);
    expect(canSeeSecurePins('resident', ['securepin'])).toBe(false);
  });
});
