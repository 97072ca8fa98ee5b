// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { i18n } from 'i18next';
import { useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '../../../test-utils/i18n';
import { ResultFiles } from '../create/ResultFiles';
import { AttachFiles } from './AttachFiles';
import { UploadProgress } from './UploadProgress';

const HOSTILE = '<img src=x onerror=alert(1)>.svg';
const MiB = 1024 ** 2;
const limits = { maxFiles: 3, maxFileBytes: 1024, maxTotalBytes: 1536 };

let i18n: i18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
afterEach(cleanup);

const withI18n = (node: ReactNode) => render(<I18nextProvider i18n={i18n}>{node}</I18nextProvider>);
const file = (name: string, size = 10, lastModified = 1) =>
  new File([new Uint8Array(size)], name, { type: 'image/svg+xml', lastModified });

function Picker({ onChange }: { onChange?: (files: File[]) => void }) {
  const [files, setFiles] = useState<File[]>([]);
  const change = (next: File[]) => {
    setFiles(next);
    onChange?.(next);
  };
  return <AttachFiles files={files} onChange={change} limits={limits} />;
}

const choose = (...files: File[]) =>
  fireEvent.change(document.querySelector('input[type=file]')!, { target: { files } });

describe('attaching files', () => {
  it('is a named, described group with a real button for the browser’s picker', () => {
    withI18n(<Picker />);
    const group = screen.getByRole('group', { name: 'Attach files (optional)' });
    expect(group.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(group.getAttribute('aria-describedby')!)?.textContent).toMatch(/Up to 3 files/);
    const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
    const click = vi.spyOn(input, 'click');
    fireEvent.click(within(group).getByRole('button', { name: 'Choose files' }));
    expect(click).toHaveBeenCalled();
    expect(input.multiple).toBe(true);
  });

  it('lists a hostile file name as text only, and removes it by a button that names it', () => {
    const changes: File[][] = [];
    withI18n(<Picker onChange={(files) => changes.push(files)} />);
    choose(file(HOSTILE), file('notes.txt'));
    const list = screen.getByRole('list', { name: 'Files to attach' });
    expect(within(list).getByText(HOSTILE).tagName).toBe('BDI'); // plain text in an isolate, never markup
    expect(document.querySelector('img')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('2 files added.');
    fireEvent.click(screen.getByRole('button', { name: `Remove ${HOSTILE}` }));
    expect(changes.at(-1)!.map((chosen) => chosen.name)).toEqual(['notes.txt']);
    expect(screen.getByRole('status').textContent).toBe(`${HOSTILE} removed.`);
  });

  it('takes dropped files too, skips ones chosen already, and says when the limit is reached', () => {
    withI18n(<Picker />);
    const group = screen.getByRole('group', { name: 'Attach files (optional)' });
    fireEvent.drop(group, { dataTransfer: { files: [file('a'), file('b')], types: ['Files'] } });
    choose(file('a'), file('c'), file('d'));
    expect(within(screen.getByRole('list')).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByText('At most 3 files can be attached; the others were left out.')).toBeTruthy();
  });

  it('marks a file over the size limit, and a total over the limit', () => {
    withI18n(<Picker />);
    choose(file('big', 1025), file('fine', 600));
    expect(screen.getByText(/Larger than 1 KiB/)).toBeTruthy();
    expect(screen.getByText(/Together the files are larger than 1.5 KiB/)).toBeTruthy();
  });
});

describe('upload progress', () => {
  it('has a bar for all files and one per file, with values and names screen readers announce', () => {
    withI18n(
      <UploadProgress
        names={[HOSTILE, 'b.txt']}
        progress={{ sent: [50 * MiB, 0], sizes: [100 * MiB, 100 * MiB], rate: 12.5 * MiB, secondsLeft: 12 }}
      />,
    );
    const total = screen.getByRole('progressbar', { name: 'Upload of all files' });
    expect(total.getAttribute('aria-valuenow')).toBe('25');
    expect(total.getAttribute('aria-valuetext')).toBe('25% · 50 MiB of 200 MiB');
    const first = screen.getByRole('progressbar', { name: `Upload of ${HOSTILE}` });
    expect(first.getAttribute('aria-valuenow')).toBe('50');
    expect(screen.getByRole('progressbar', { name: 'Upload of b.txt' }).getAttribute('aria-valuenow')).toBe('0');
    expect(screen.getByText('Uploading files: 25%')).toBeTruthy();
    expect(screen.getByText('13 MiB/s · about 12 seconds left')).toBeTruthy();
    expect(screen.getByText(HOSTILE)).toBeTruthy();
    expect(document.querySelector('img')).toBeNull();
  });

  it('says it is measuring before the first part arrives', () => {
    withI18n(<UploadProgress names={['a']} progress={null} />);
    expect(screen.getByText('Measuring speed…')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Upload of all files' }).getAttribute('aria-valuenow')).toBe('0');
  });
});

describe('the result’s file list', () => {
  it('shows the names as text', () => {
    withI18n(<ResultFiles files={[{ name: HOSTILE, size: 2 * MiB }]} />);
    expect(screen.getByText('Attached file')).toBeTruthy();
    expect(screen.getByText(HOSTILE).textContent).toBe(HOSTILE);
    expect(screen.getByText('2 MiB')).toBeTruthy();
    expect(document.querySelector('img')).toBeNull();
  });
});
