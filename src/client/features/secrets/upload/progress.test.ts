import { describe, expect, it } from 'vitest';
import { formatDuration, formatRate, formatSize } from '../../../lib/format-units';
import { percentOf, RateMeter, secondsLeft } from './progress';

describe('progress arithmetic', () => {
  it('gives whole percents, never over 100, and an empty transfer is done', () => {
    expect(percentOf(0, 200)).toBe(0);
    expect(percentOf(1, 200)).toBe(0);
    expect(percentOf(199, 200)).toBe(99);
    expect(percentOf(200, 200)).toBe(100);
    expect(percentOf(300, 200)).toBe(100);
    expect(percentOf(0, 0)).toBe(100);
    expect(percentOf(150_000_000_000, 200_000_000_000)).toBe(75);
  });

  it('measures speed over the last seconds, keeping one earlier sample as the base', () => {
    const meter = new RateMeter(10_000);
    expect(meter.rate()).toBeNull();
    meter.add(0, 0);
    expect(meter.rate()).toBeNull();
    meter.add(8_000_000, 1000);
    expect(meter.rate()).toBe(8_000_000);
    meter.add(16_000_000, 2000);
    expect(meter.rate()).toBe(8_000_000);
    // A stall: measured from the last sample before the window, so the quiet 18 seconds count.
    meter.add(18_000_000, 20_000);
    meter.add(20_000_000, 22_000);
    expect(meter.rate()).toBe(200_000);
    // Steady again: the stall falls out of the window.
    meter.add(30_000_000, 32_000);
    meter.add(40_000_000, 42_000);
    expect(meter.rate()).toBe(1_000_000);
  });

  it('counts from where a resumed upload started, not from zero', () => {
    const meter = new RateMeter();
    meter.add(100_000_000, 0);
    meter.add(102_000_000, 2000);
    expect(meter.rate()).toBe(1_000_000);
  });

  it('reads zero, never below, when the count falls back (a failed try’s bytes dropped)', () => {
    const meter = new RateMeter();
    meter.add(4_000_000, 0);
    meter.add(1_000_000, 1000);
    expect(meter.rate()).toBe(0);
    expect(secondsLeft(10_000_000, meter.rate())).toBeNull();
  });

  it('estimates the time left, or says it cannot yet', () => {
    expect(secondsLeft(10_000_000, 2_000_000)).toBe(5);
    expect(secondsLeft(10_000_000, null)).toBeNull();
    expect(secondsLeft(10_000_000, 0)).toBeNull();
    expect(secondsLeft(0, null)).toBe(0);
  });
});

describe('units in the reader’s language', () => {
  it('shows sizes in binary units, with the language’s number format and unit symbols', () => {
    expect(formatSize(812, 'en')).toBe('812 B');
    expect(formatSize(3.4 * 1024, 'en')).toBe('3.4 KiB');
    expect(formatSize(200 * 1024 ** 2, 'en')).toBe('200 MiB');
    expect(formatSize(200_000_000, 'en')).toBe('191 MiB');
    expect(formatSize(1.5 * 1024 ** 3, 'de')).toBe('1,5 GiB');
    expect(formatSize(1.5 * 1024 ** 3, 'fr')).toBe('1,5 Gio');
    // Just under a unit reads as one of it, never as "1,024 KiB".
    expect(formatSize(1024 ** 2 - 1, 'en')).toBe('1 MiB');
  });

  it('shows speed per second and one rounded unit of time', () => {
    expect(formatRate(12 * 1024 ** 2 + 100, 'en')).toBe('12 MiB/s');
    expect(formatRate(850 * 1024, 'en')).toBe('850 KiB/s');
    expect(formatDuration(0.2, 'en')).toBe('1 second');
    expect(formatDuration(45, 'en')).toBe('45 seconds');
    expect(formatDuration(600, 'en')).toBe('10 minutes');
    expect(formatDuration(5400, 'en')).toBe('1.5 hours');
  });
});
