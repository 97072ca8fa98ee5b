/** The admin the end-to-end server creates at start-up (HUSH_ADMIN_*), shared by playwright.config.ts and specs. */
export const E2E_ADMIN = { username: 'e2e_admin', password: 'e2e admin password' } as const;
