import { describe, expect, it } from 'vitest';
import { initialValues, MAX_TEXT_BYTES, secretOptions, validateForm, type CreateFormValues } from './create-form';

const form = (changes: Partial<CreateFormValues>): CreateFormValues => ({ ...initialValues(), text: 'hi', ...changes });
const withIp = { ipInputShown: true };
const withoutIp = { ipInputShown: false };

describe('validateForm', () => {
  it('accepts the defaults with some text', () => {
    expect(validateForm(form({}), withIp)).toEqual({});
  });

  it('needs text, and refuses more than 1 MiB counted in UTF-8 bytes', () => {
    expect(validateForm(form({ text: '  \n' }), withIp).text).toBe('errors.textRequired');
    expect(validateForm(form({ text: 'a'.repeat(MAX_TEXT_BYTES) }), withIp).text).toBeUndefined();
    // 'é' is two bytes: half a MiB of characters is a full MiB of bytes, plus one.
    expect(validateForm(form({ text: 'é'.repeat(MAX_TEXT_BYTES / 2) + 'a' }), withIp).text).toBe('errors.textTooLarge');
  });

  it('takes views from 1 to 999 as whole numbers only, and ignores them with burn after time', () => {
    for (const views of ['1', '999', ' 42 '])
      expect(validateForm(form({ maxViews: views }), withIp).maxViews).toBeUndefined();
    for (const views of ['0', '1000', '', '2.5', '-1', 'abc']) {
      expect(validateForm(form({ maxViews: views }), withIp).maxViews).toBe('errors.viewsInvalid');
    }
    expect(validateForm(form({ maxViews: '', preventBurn: true }), withIp)).toEqual({});
  });

  it('offers only the lifetimes anyone may choose', () => {
    expect(validateForm(form({ ttl: 1209600 }), withIp).ttl).toBe('errors.ttlInvalid');
    expect(validateForm(form({ ttl: 300 }), withIp).ttl).toBeUndefined();
  });

  it('takes the 14- and 28-day lifetimes from signed-in users only', () => {
    for (const ttl of [1209600, 2419200]) {
      expect(validateForm(form({ ttl }), { ...withIp, signedIn: true }).ttl).toBeUndefined();
      expect(validateForm(form({ ttl }), { ...withIp, signedIn: false }).ttl).toBe('errors.ttlInvalid');
    }
  });

  it('limits the title to 1 KiB', () => {
    expect(validateForm(form({ title: 'x'.repeat(1024) }), withIp).title).toBeUndefined();
    expect(validateForm(form({ title: '€'.repeat(342) }), withIp).title).toBe('errors.titleTooLong');
  });

  it('needs a password when the password is on, of any length and any script', () => {
    expect(validateForm(form({ passwordEnabled: true, password: '' }), withIp).password).toBe('errors.passwordEmpty');
    for (const password of ['x', 'пароль 🔑 كلمة', 'a'.repeat(5000)]) {
      expect(validateForm(form({ passwordEnabled: true, password }), withIp).password).toBeUndefined();
    }
  });

  it('checks the IP restriction only when the field is shown', () => {
    expect(validateForm(form({ allowedIp: '10.0.0.0/8' }), withIp).allowedIp).toBeUndefined();
    expect(validateForm(form({ allowedIp: '2001:db8::1' }), withIp).allowedIp).toBeUndefined();
    expect(validateForm(form({ allowedIp: '300.1.1.1' }), withIp).allowedIp).toBe('errors.ipInvalid');
    expect(validateForm(form({ allowedIp: '300.1.1.1' }), withoutIp).allowedIp).toBeUndefined();
  });
});

describe('secretOptions', () => {
  it('sends a trimmed IP restriction, or none when the field is hidden or empty', () => {
    expect(secretOptions(form({ allowedIp: ' 10.0.0.1 ' }), withIp).allowedIp).toBe('10.0.0.1');
    expect(secretOptions(form({ allowedIp: '10.0.0.1' }), withoutIp).allowedIp).toBeNull();
    expect(secretOptions(form({ allowedIp: '' }), withIp).allowedIp).toBeNull();
  });

  it('sends the views typed, or one view with burn after time', () => {
    expect(secretOptions(form({ maxViews: '7' }), withIp)).toMatchObject({ maxViews: 7, preventBurn: false });
    expect(secretOptions(form({ maxViews: '7', preventBurn: true }), withIp)).toMatchObject({
      maxViews: 1,
      preventBurn: true,
    });
  });
});
