// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { i18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '../../../test-utils/i18n';
import { renderWithI18n } from '../../../test-utils/render';
import { CliDownload } from './CliDownload';

const HEX = 'ab'.repeat(32);

let i18n: i18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** /hush-cli.mjs.sha256 answers `answer` (a body, or a status without one, or a network failure). */
function serveChecksum(answer: string | number | Error) {
  const fetchMock = vi.fn(async (url: string) => {
    if (url !== '/hush-cli.mjs.sha256') throw new Error(`unexpected fetch of ${url}`);
    if (answer instanceof Error) throw answer;
    return typeof answer === 'number' ? new Response(null, { status: answer }) : new Response(answer);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const section = () => screen.getByRole('region', { name: 'Command line' });
const command = (caption: RegExp) => within(section()).getByRole('figure', { name: caption });
/** The command as shown, exactly (two spaces and all). */
const shown = (figure: HTMLElement) => figure.querySelector('code')?.textContent;

describe('CliDownload', () => {
  it('gives the one command that fetches the CLI of this very server, and says it needs Node 20', async () => {
    serveChecksum(`${HEX}  hush-cli.mjs\n`);
    renderWithI18n(i18n, <CliDownload />);
    expect(section().textContent).toContain('Node.js 20 or newer');
    expect(shown(command(/Download it from this server/))).toBe(
      `curl -fsSLO ${window.location.origin}/hush-cli.mjs && node hush-cli.mjs --help`,
    );
    expect(screen.getByRole('link', { name: 'Download hush-cli.mjs' }).getAttribute('href')).toBe('/hush-cli.mjs');
    await screen.findByRole('figure', { name: /Check that the file/ });
  });

  it('shows the check with the published hash, which alone may break anywhere, and copies it whole', async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { clipboard: { writeText } });
    serveChecksum(`${HEX}  hush-cli.mjs\n`);
    renderWithI18n(i18n, <CliDownload />);
    const check = await screen.findByRole('figure', { name: /Check that the file/ });
    const line = `echo "${HEX}  hush-cli.mjs" | sha256sum -c`;
    expect(shown(check)).toBe(line);
    expect(within(check).getByText(HEX).className).toBe('break-all');
    expect(section().querySelectorAll('.break-all')).toHaveLength(1);
    expect(section().textContent).toContain('shasum -a 256 -c');

    await act(async () => fireEvent.click(within(check).getByRole('button', { name: 'Copy check command' })));
    expect(writeText).toHaveBeenCalledWith(line);
    expect(within(check).getByRole('button').textContent).toBe('Copied');
  });

  it('each copy button says what it copies', async () => {
    serveChecksum(`${HEX}  hush-cli.mjs\n`);
    renderWithI18n(i18n, <CliDownload />);
    await screen.findByRole('figure', { name: /Check that the file/ });
    const buttons = within(section())
      .getAllByRole('button')
      .map((button) => button.textContent);
    expect(buttons).toEqual(['Copy download command', 'Copy check command']);
  });

  for (const [name, answer] of [
    ['a network failure', new TypeError('Failed to fetch')],
    ['a server error', 500],
    ['an answer that is no checksum (a development server’s page)', '<!doctype html><html></html>'],
  ] as const) {
    it(`without the hash (${name}) it keeps the download and points at the checksum file`, async () => {
      serveChecksum(answer);
      renderWithI18n(i18n, <CliDownload />);
      await screen.findByText('The checksum could not be loaded.', { exact: false });
      expect(screen.getByRole('link', { name: 'Open the checksum file' }).getAttribute('href')).toBe(
        '/hush-cli.mjs.sha256',
      );
      expect(command(/Download it from this server/)).toBeTruthy();
      expect(screen.queryByRole('figure', { name: /Check that the file/ })).toBeNull();
    });
  }

  it('a server without the file (404) says it does not offer the CLI, and shows no command that would fail', async () => {
    serveChecksum(404);
    renderWithI18n(i18n, <CliDownload />);
    await waitFor(() => expect(section().textContent).toContain('This server does not offer the command-line client.'));
    expect(within(section()).queryByRole('figure')).toBeNull();
    expect(within(section()).queryByRole('link')).toBeNull();
  });
});
