import { randomBytes } from 'node:crypto';
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { expect } from './fixtures.js';

export interface TestUser {
  username: string;
  email: string;
  password: string;
}

/** A user no other test uses: usernames are 4–20 letters, digits, dots, dashes and underscores. */
export function newUser(): TestUser {
  const username = `e2e_${randomBytes(5).toString('hex')}`;
  return { username, email: `${username}@example.com`, password: `pw ${randomBytes(6).toString('hex')}` };
}

/**
 * Creates the account through the API. With `page.request` (or a context's `request`) the session cookies land in
 * that browser context, so its pages are signed in; with the `request` fixture they stay in that client alone.
 */
export async function signUpThroughApi(request: APIRequestContext, user: TestUser = newUser()): Promise<TestUser> {
  const response = await request.post('/api/v1/authentication/signup', { data: user });
  expect(response.status(), await response.text()).toBe(201);
  return user;
}

/** The readable login cookie of the context, decoded (spec §3: base64 JSON {username, expirationDate}). */
export async function loginCookie(
  context: BrowserContext,
): Promise<{ username: string; expirationDate: string } | null> {
  const cookie = (await context.cookies()).find((item) => item.name === 'hush_login');
  if (!cookie) return null;
  return JSON.parse(Buffer.from(decodeURIComponent(cookie.value), 'base64').toString('utf8')) as {
    username: string;
    expirationDate: string;
  };
}

/** The header's main navigation (wide screens). */
export const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** Fills the sign-in form and sends it. */
export async function signInThroughForm(page: Page, user: Pick<TestUser, 'username' | 'password'>) {
  await page.getByLabel('Username or email').fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** HTTP Basic with the API token as the username and an empty password (spec §6). */
export const basicToken = (token: string) => `Basic ${Buffer.from(`${token}:`).toString('base64')}`;
