// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { busiestDay, dayLabel } from './chart-data';
import VisitsChart from './VisitsChart';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

it('draws the chart as one image with its summary as the text alternative, and nothing focusable inside', () => {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  // jsdom has no layout: recharts notes the zero size and draws nothing, which is all this test needs.
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  render(
    <VisitsChart
      days={[{ date: '2029-03-01', visits: 1, uniqueVisitors: 1 }]}
      locale="en"
      summary="Line chart of visits"
      names={{ visits: 'Visits', uniqueVisitors: 'Unique visitors' }}
    />,
  );
  const chart = screen.getByRole('img', { name: 'Line chart of visits' });
  expect(chart.querySelector('[tabindex]:not([tabindex="-1"]), button, a[href]')).toBeNull();
});

it('labels UTC days in the reader language and finds the busiest day', () => {
  expect(dayLabel('2029-03-01', 'en')).toBe('Mar 1');
  expect(dayLabel('2029-03-01', 'de', true)).toBe('01.03.2029');
  expect(dayLabel('2029-03-01', 'not a language!')).toBe('2029-03-01');
  const days = [
    { date: 'a', visits: 2, uniqueVisitors: 1 },
    { date: 'b', visits: 5, uniqueVisitors: 1 },
    { date: 'c', visits: 5, uniqueVisitors: 1 },
  ];
  expect(busiestDay(days)?.date).toBe('b');
  expect(busiestDay([{ date: 'a', visits: 0, uniqueVisitors: 0 }])).toBeNull();
});
