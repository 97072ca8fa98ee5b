// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import type { i18n } from 'i18next';
import { useContext, type ComponentType } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Outlet, useNavigate, type NavigateFunction, type RouteObject } from 'react-router';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { createTestI18n } from '../test-utils/i18n';
import { WideLayout } from './layout/layout-handle';
import { page, PageRoutes } from './router';

let i18n: i18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
afterEach(cleanup);

/** A page's code that arrives when the test says so. */
function deferred(Page: ComponentType) {
  let arrive: () => void = () => undefined;
  let fail: (error: Error) => void = () => undefined;
  const promise = new Promise<{ default: ComponentType }>((resolve, reject) => {
    arrive = () => resolve({ default: Page });
    fail = reject;
  });
  const load = vi.fn(() => promise);
  return { load, arrive: () => act(async () => arrive()), fail: (error: Error) => act(async () => fail(error)) };
}

let navigate: NavigateFunction = () => undefined;
function Shell() {
  navigate = useNavigate();
  const wide = useContext(WideLayout);
  return (
    <div data-testid="shell" data-wide={wide}>
      <Outlet />
    </div>
  );
}

// Awaited: a first page that waits for its code suspends inside the render.
const renderAt = (routes: RouteObject[], path: string) =>
  act(async () => {
    render(
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[path]}>
          <PageRoutes routes={routes} />
        </MemoryRouter>
      </I18nextProvider>,
    );
  });

it('fetches a layout and its page together, and draws nothing of them until both are here', async () => {
  const layout = deferred(() => (
    <section aria-label="layout">
      <Outlet />
    </section>
  ));
  const inner = deferred(() => <h1>Inner page</h1>);
  const routes: RouteObject[] = [
    {
      path: '/',
      element: <Shell />,
      children: [
        { path: 'area', ...page(layout.load, { wide: true }), children: [{ index: true, ...page(inner.load) }] },
      ],
    },
  ];
  await renderAt(routes, '/area');
  expect(layout.load).toHaveBeenCalledOnce();
  expect(inner.load).toHaveBeenCalledOnce();
  expect(screen.queryByTestId('shell')).toBeNull();
  await layout.arrive();
  expect(screen.queryByTestId('shell')).toBeNull();
  await inner.arrive();
  expect(await screen.findByRole('heading', { name: 'Inner page' })).toBeTruthy();
  expect(screen.getByTestId('shell').dataset.wide).toBe('true');
});

it('keeps the current page on screen while the next page’s code arrives', async () => {
  const next = deferred(() => <h1>Next page</h1>);
  const routes: RouteObject[] = [
    {
      path: '/',
      element: <Shell />,
      children: [
        { index: true, element: <h1>First page</h1> },
        { path: 'next', ...page(next.load) },
      ],
    },
  ];
  await renderAt(routes, '/');
  expect(screen.getByTestId('shell').dataset.wide).toBe('false');
  await act(async () => void navigate('/next'));
  expect(screen.getByRole('heading', { name: 'First page' })).toBeTruthy();
  await next.arrive();
  expect(await screen.findByRole('heading', { name: 'Next page' })).toBeTruthy();
});

it('shows the error page when a page’s code fails to arrive, and the next page after a navigation', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const broken = deferred(() => <h1>Never</h1>);
  const routes: RouteObject[] = [
    {
      path: '/',
      element: <Shell />,
      children: [
        { index: true, element: <h1>Home page</h1> },
        { path: 'broken', ...page(broken.load) },
      ],
    },
  ];
  await renderAt(routes, '/broken');
  await broken.fail(new Error('chunk missing'));
  expect(await screen.findByRole('heading', { name: 'This page could not be shown' })).toBeTruthy();
  await act(async () => screen.getByRole('link', { name: 'Home' }).click());
  expect(await screen.findByRole('heading', { name: 'Home page' })).toBeTruthy();
  vi.mocked(console.error).mockRestore();
});
