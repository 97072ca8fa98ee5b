import { expect } from 'vitest';
import { type Step, PASSWORD } from './world.js';

/** Data as migration 0002-instance-settings left it, and how the latest app still reads it. */
export const stepInstanceSettings: Step = {
  async seed(db) {
    await db.insertInto('instance_settings').values({ name: 'disable_user_account_creation', value: 'true' }).execute();
  },
  async check(t) {
    const settings = await t.app.inject({ url: '/api/v1/settings/public' });
    expect(settings.json()).toMatchObject({ disable_user_account_creation: true });
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/v1/authentication/signup',
      payload: { username: 'newcomer', email: 'newcomer@example.com', password: PASSWORD },
    });
    expect(signup.json()).toMatchObject({ code: 'auth.signup_disabled' });
  },
};
