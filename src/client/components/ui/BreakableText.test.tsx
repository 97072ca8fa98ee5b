// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { BreakableText } from './BreakableText';

afterEach(cleanup);

/** The text with a "|" where the browser may break the line. */
function breaks(text: string): string {
  const { container } = render(<BreakableText text={text} />);
  return container.innerHTML.replaceAll('<wbr>', '|');
}

it('lets an email break after "@" and before each ".", and nowhere inside a word', () => {
  expect(breaks('admin@example.com')).toBe('admin@|example|.com');
  expect(breaks('first.last@mail.example.co.uk')).toBe('first|.last@|mail|.example|.co|.uk');
});

it('lets a username break after "_", and keeps the text itself unchanged', () => {
  expect(breaks('someone_medium')).toBe('someone_|medium');
  const { container } = render(<BreakableText text="نور_الهدى@مثال.com" />);
  expect(container.textContent).toBe('نور_الهدى@مثال.com');
});
