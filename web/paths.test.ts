import { describe, expect, it } from 'vitest';
import { roleMaySee } from './paths';

describe('roleMaySee', () => {
  it('follows the screen roles of docs/SPEC.md §2 and §6', () => {
    expect(roleMaySee('resident', '/visitor-list')).toBe(true);
    expect(roleMaySee('superadmin', '/visitor-list')).toBe(false);
    expect(roleMaySee('admin', '/visitor/6f1c/qr-codes')).toBe(false);
    expect(roleMaySee('superadmin', '/visitor/6f1c/qr-codes')).toBe(true);
    expect(roleMaySee('resident', '/gate-logs')).toBe(false);
  });

  it('reads the path without its query, hash or trailing slash', () => {
    expect(roleMaySee('admin', '/dashboard?type=device')).toBe(true);
    expect(roleMaySee('resident', '/dashboard?type=device')).toBe(false);
    expect(roleMaySee('resident', '/profile/')).toBe(true);
    expect(roleMaySee('resident', '/register-device#top')).toBe(false);
  });

  it('leaves unguarded paths to the router', () => {
    expect(roleMaySee('resident', '/privacy-policy')).toBe(true);
    expect(roleMaySee('admin', '/no-such-page')).toBe(true);
  });
});
