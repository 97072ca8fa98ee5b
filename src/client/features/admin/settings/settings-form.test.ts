import { describe, expect, it } from 'vitest';
import { OrganizationDomain } from '../../../../shared/api/admin.contract';
import { domainError, envVariable, instanceSettings, settingsUpdate } from './settings-form';

const VALUES = {
  disable_users: true,
  disable_user_account_creation: false,
  read_only: true,
  disable_file_upload: false,
  hide_allowed_ip_input: false,
  restrict_organization_email: ' example.com ',
  disable_requests: true,
  disable_webhooks: false,
  disable_email_notifications: true,
  require_two_factor: 'admins' as const,
};

describe('the instance settings form', () => {
  it('checks the email domain as the server does', () => {
    const samples = ['', 'example.com', 'Example.COM', 'a.b.c.d', 'localhost', '@example.com', 'exa mple.com'];
    for (const domain of [...samples, '-bad.example', `${'a'.repeat(64)}.com`, `${'a.'.repeat(127)}com`])
      expect(domainError(domain) === undefined, domain).toBe(OrganizationDomain.safeParse(domain).success);
  });

  it('accepts an empty field or a domain, and says what is wrong otherwise', () => {
    for (const ok of ['', '  ', 'example.com', 'mail.example.co.uk', 'xn--bcher-kva.example']) {
      expect(domainError(ok), ok).toBeUndefined();
    }
    expect(domainError('@example.com')).toBe('validation.domainAt');
    expect(domainError('localhost')).toBe('validation.domainInvalid');
    expect(domainError('exa mple.com')).toBe('validation.domainInvalid');
    expect(domainError('-bad.example')).toBe('validation.domainInvalid');
  });

  it('sends every switch and the trimmed domain', () => {
    expect(settingsUpdate(VALUES, [])).toEqual({ ...VALUES, restrict_organization_email: 'example.com' });
  });

  it('leaves out the optional settings the environment pins, but always sends the four required ones', () => {
    const pinned = [
      'read_only',
      'hide_allowed_ip_input',
      'restrict_organization_email',
      'disable_requests',
      'disable_webhooks',
      'disable_email_notifications',
      'require_two_factor',
    ] as const;
    expect(settingsUpdate(VALUES, pinned)).toEqual({
      disable_users: true,
      disable_user_account_creation: false,
      read_only: true,
      disable_file_upload: false,
    });
  });

  it('names the environment variable that pins a setting', () => {
    expect(envVariable('restrict_organization_email')).toBe('HUSH_SETTING_RESTRICT_ORGANIZATION_EMAIL');
  });

  it('hands the settings store the settings without the managed list', () => {
    expect(instanceSettings({ ...VALUES, managed: ['read_only'] })).toEqual(VALUES);
  });
});
