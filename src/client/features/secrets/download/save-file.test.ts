// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveFile } from './download-file';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('saving a downloaded file', () => {
  it('uses a temporary link to the blob with the name as its download text, then revokes the blob', () => {
    vi.useFakeTimers();
    const createObjectURL = vi.fn(() => 'blob:http://localhost/1234');
    const revokeObjectURL = vi.fn();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL }));
    const clicked: HTMLAnchorElement[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    const blob = new Blob(['x'], { type: 'application/octet-stream' });
    const name = '<img src=x onerror=alert(1)>.svg';
    saveFile(blob, name);
    expect(createObjectURL).toHaveBeenCalledWith(blob);
    expect(clicked).toHaveLength(1);
    expect(clicked[0]!.getAttribute('download')).toBe(name);
    expect(clicked[0]!.getAttribute('href')).toBe('blob:http://localhost/1234');
    expect(clicked[0]!.isConnected).toBe(false);
    expect(document.querySelector('img')).toBeNull();
    expect(revokeObjectURL).not.toHaveBeenCalled();
    vi.advanceTimersByTime(60_000);
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:http://localhost/1234');
    click.mockRestore();
  });
});
