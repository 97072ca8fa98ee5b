// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useNavigate, type NavigateFunction } from 'react-router';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { ScrollRestoration } from './ScrollRestoration';

let navigate: NavigateFunction = () => undefined;
function Probe() {
  navigate = useNavigate();
  return <ScrollRestoration />;
}

const scrollTo = vi.fn();
beforeEach(() => {
  scrollTo.mockReset();
  vi.stubGlobal('scrollTo', scrollTo);
  sessionStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderAt = (path: string) =>
  render(
    <RouterProvider router={createMemoryRouter([{ path: '*', element: <Probe /> }], { initialEntries: [path] })} />,
  );

const scrollBy = (y: number) => {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  window.dispatchEvent(new Event('scroll'));
};

it('starts a new page at the top and brings back where an entry was left on Back', async () => {
  renderAt('/a');
  expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
  scrollBy(420);
  await act(() => navigate('/b'));
  expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
  scrollBy(80);
  await act(() => navigate(-1));
  expect(scrollTo).toHaveBeenLastCalledWith(0, 420);
  await act(() => navigate(1));
  expect(scrollTo).toHaveBeenLastCalledWith(0, 80);
});

it('scrolls to the element a fragment names, and ignores a fragment that names none', async () => {
  const target = document.createElement('h2');
  target.id = 'terms';
  target.scrollIntoView = vi.fn();
  document.body.append(target);
  renderAt('/privacy#terms');
  expect(target.scrollIntoView).toHaveBeenCalledOnce();
  expect(scrollTo).not.toHaveBeenCalled();
  await act(() => navigate('/secret/x#encryption_key=%zz'));
  expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
  target.remove();
});

it('keeps the positions in the session storage when the page is left, and takes them up again', () => {
  renderAt('/a');
  scrollBy(300);
  window.dispatchEvent(new Event('pagehide'));
  expect(JSON.parse(sessionStorage.getItem('react-router-scroll-positions')!)).toEqual({ default: 300 });
  cleanup();
  renderAt('/a');
  expect(scrollTo).toHaveBeenLastCalledWith(0, 300);
});
